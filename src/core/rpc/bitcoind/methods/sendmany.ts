import { buildPayment } from '../../../bitcoin/chain/wallet.js'
import type { BitcoinTxOutput } from '../../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { given, parseAmount } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER, RPC_TYPE_ERROR } from '../errors.js'
import { walletFeeRate } from '../wallet/feeRate.js'
import { payFromWallet, paymentOrNothing } from '../wallet/send.js'
import { scriptOfAddress } from './common.js'

/** One transaction paying several addresses from the dev wallet (fees paid by the wallet). */
export const sendmany = defineBitcoind({
  name: 'sendmany',
  args: [
    { name: 'dummy', type: 'string', optional: true },
    { name: 'amounts', type: 'object' },
    { name: 'minconf', type: 'number', optional: true },
    { name: 'comment', type: 'string', optional: true },
    { name: 'subtractfeefrom', type: 'array', optional: true },
    { name: 'replaceable', type: 'boolean', optional: true },
    { name: 'conf_target', type: 'number', optional: true },
    { name: 'estimate_mode', type: 'string', optional: true },
    { name: 'fee_rate', type: 'amount', optional: true },
    { name: 'verbose', type: 'boolean', optional: true },
  ],
  async run(context, params) {
    const [dummy, amounts, , , , , , , feeRateParam] = params
    if (given(dummy) && dummy !== '') {
      throw new BitcoindError(-32, 'Dummy value must be set to ""')
    }
    const chain = context.read()
    const outputs: BitcoinTxOutput[] = []
    for (const [address, amount] of Object.entries(amounts as object)) {
      const scriptPubKey = scriptOfAddress(chain, address, `Invalid Bitcoin address: ${address}`)
      if (outputs.some((output) => equalBytes(output.scriptPubKey, scriptPubKey))) {
        throw new BitcoindError(RPC_INVALID_PARAMETER, `Invalid parameter, duplicated address: ${address}`)
      }
      const value = parseAmount(amount)
      if (value <= 0n) throw new BitcoindError(RPC_TYPE_ERROR, 'Invalid amount for send')
      outputs.push({ scriptPubKey, value })
    }
    if (outputs.length === 0)
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Transaction must have at least one recipient')
    const feeRate = walletFeeRate(feeRateParam)
    const txid = await context.edit((latest) =>
      latest.submit(
        payFromWallet(latest, (privateKey, kind) =>
          paymentOrNothing(() => buildPayment(latest, { privateKey, kind, feeRate, outputs })),
        ),
      ),
    )
    return bytesToUnprefixedHex(txid)
  },
})
