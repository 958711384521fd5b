import { buildPayment } from '../../../bitcoin/chain/wallet.js'
import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_WALLET_ERROR } from '../errors.js'
import { decodeRawTransaction, rawTransactionHex } from '../rawTransaction.js'
import { btcAmount } from '../views.js'
import { walletFeeRate } from '../wallet/feeRate.js'
import { feeOf, payFromWallet, paymentOrNothing } from '../wallet/send.js'

/**
 * Adds inputs from one wallet key and change back to it, unsigned (`signrawtransactionwithwallet`
 * signs it). The dev wallet funds transactions without inputs only.
 */
export const fundrawtransaction = defineBitcoind({
  name: 'fundrawtransaction',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'options', type: 'any', optional: true },
    { name: 'iswitness', type: 'boolean', optional: true },
  ],
  run(context, [hex, options]) {
    const tx = decodeRawTransaction(hex)
    if (tx.inputs.length > 0) {
      throw new BitcoindError(RPC_WALLET_ERROR, 'This wallet funds transactions without inputs only')
    }
    if (tx.outputs.length === 0)
      throw new BitcoindError(RPC_WALLET_ERROR, 'Transaction must have at least one recipient')
    const feeRateParam =
      typeof options === 'object' && options !== null
        ? (options as { fee_rate?: unknown }).fee_rate
        : undefined
    const feeRate = walletFeeRate(feeRateParam)
    const chain = context.read()
    const raw = payFromWallet(chain, (privateKey, kind) =>
      paymentOrNothing(() => buildPayment(chain, { privateKey, kind, feeRate, outputs: tx.outputs })),
    )
    const funded = parseTransaction(raw)
    const unsigned = {
      ...funded,
      version: tx.version,
      lockTime: tx.lockTime,
      inputs: funded.inputs.map((input) => ({ ...input, scriptSig: new Uint8Array(0), witness: [] })),
    }
    const changepos = funded.outputs.length > tx.outputs.length ? tx.outputs.length : -1
    return { hex: rawTransactionHex(unsigned), fee: btcAmount(feeOf(chain, raw)), changepos }
  },
})
