import { classifyScript } from '../../../bitcoin/script.js'
import { type BitcoinTransaction, parseTransaction } from '../../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { given, parseAmount, parseHex } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_DESERIALIZATION_ERROR, RPC_VERIFY_ERROR } from '../errors.js'
import { transactionSizes } from '../views.js'

/** Bitcoin Core's default `maxfeerate`: 0.10 BTC/kvB. */
const DEFAULT_MAX_FEE_RATE = 10_000_000n

export const sendrawtransaction = defineBitcoind({
  name: 'sendrawtransaction',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'maxfeerate', type: 'amount', optional: true },
    { name: 'maxburnamount', type: 'amount', optional: true },
  ],
  async run(context, [hex, maxFeeRateParam, maxBurnParam]) {
    let raw: Uint8Array
    let tx: BitcoinTransaction
    try {
      raw = parseHex(hex, 'hexstring')
      tx = parseTransaction(raw)
    } catch {
      throw new BitcoindError(
        RPC_DESERIALIZATION_ERROR,
        'TX decode failed. Make sure the tx has at least one input.',
      )
    }
    const maxBurn = given(maxBurnParam) ? parseAmount(maxBurnParam) : 0n
    for (const output of tx.outputs) {
      const unspendable =
        classifyScript(output.scriptPubKey).kind === 'nulldata' || output.scriptPubKey[0] === 0x6a
      if (unspendable && output.value > maxBurn) {
        throw new BitcoindError(
          RPC_VERIFY_ERROR,
          'Unspendable output exceeds maximum configured by user (maxburnamount)',
        )
      }
    }
    const maxFeeRate = given(maxFeeRateParam) ? parseAmount(maxFeeRateParam) : DEFAULT_MAX_FEE_RATE
    const txid = await context.edit((chain) => {
      if (maxFeeRate > 0n) {
        let spent = 0n
        for (const input of tx.inputs)
          spent += chain.utxo(input.previousTxid, input.previousIndex, { mempool: true })?.value ?? 0n
        const fee = spent - tx.outputs.reduce((sum, output) => sum + output.value, 0n)
        // Inputs that are missing or spent are the chain's to report (-25) when submitted.
        const maxFee = (maxFeeRate * BigInt(transactionSizes(tx).vsize)) / 1000n
        if (fee > maxFee && spent > 0n) {
          throw new BitcoindError(
            RPC_VERIFY_ERROR,
            'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
          )
        }
      }
      return chain.submit(raw)
    })
    return bytesToUnprefixedHex(txid)
  },
})
