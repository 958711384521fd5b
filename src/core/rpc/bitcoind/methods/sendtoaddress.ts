import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { given, parseAmount } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER, RPC_TYPE_ERROR } from '../errors.js'
import { sendFromWallet } from '../wallet/send.js'
import { scriptOfAddress } from './common.js'

/** The fee rate when none is given: 10 sat/vB (what `estimatesmartfee` answers). */
export const DEFAULT_FEE_RATE = 10n

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
    let feeRate = DEFAULT_FEE_RATE
    if (given(feeRateParam)) {
      // sat/vB with up to 3 decimals; the wallet builds at whole sat/vB, rounded up.
      const milli = parseAmount(feeRateParam, 3) / 100_000n
      if (milli <= 0n)
        throw new BitcoindError(
          RPC_INVALID_PARAMETER,
          'Invalid fee_rate 0.000 sat/vB (must be greater than 0)',
        )
      feeRate = (milli + 999n) / 1000n
    }
    const txid = await context.edit((chain) =>
      sendFromWallet(chain, { script, value, feeRate, subtractFee: subtract === true }),
    )
    const hex = bytesToUnprefixedHex(txid)
    return verbose === true ? { txid: hex, fee_reason: 'Fallback fee' } : hex
  },
})
