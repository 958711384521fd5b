import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { parseAmount } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_TYPE_ERROR } from '../errors.js'
import { walletFeeRate } from '../wallet/feeRate.js'
import { sendFromWallet } from '../wallet/send.js'
import { scriptOfAddress } from './common.js'

export const sendtoaddress = defineBitcoind({
  name: 'sendtoaddress',
  args: [
    { name: 'address', type: 'string' },
    { name: 'amount', type: 'amount' },
    { name: 'comment', type: 'string', optional: true },
    { name: 'comment_to', type: 'string', optional: true },
    { name: 'subtractfeefromamount', type: 'boolean', optional: true },
    { name: 'replaceable', type: 'boolean', optional: true },
    { name: 'conf_target', type: 'number', optional: true },
    { name: 'estimate_mode', type: 'string', optional: true },
    { name: 'avoid_reuse', type: 'boolean', optional: true },
    { name: 'fee_rate', type: 'amount', optional: true },
    { name: 'verbose', type: 'boolean', optional: true },
  ],
  async run(context, params) {
    const [address, amount, , , subtract, , , , , feeRateParam, verbose] = params
    const script = scriptOfAddress(context.read(), address, `Invalid Bitcoin address: ${String(address)}`)
    const value = parseAmount(amount)
    if (value <= 0n) throw new BitcoindError(RPC_TYPE_ERROR, 'Invalid amount for send')
    const feeRate = walletFeeRate(feeRateParam)
    const txid = await context.edit((chain) =>
      sendFromWallet(chain, { script, value, feeRate, subtractFee: subtract === true }),
    )
    const hex = bytesToUnprefixedHex(txid)
    return verbose === true ? { txid: hex, fee_reason: 'Fallback fee' } : hex
  },
})
