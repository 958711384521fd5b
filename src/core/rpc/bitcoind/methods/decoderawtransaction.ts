import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import { parseHex } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_DESERIALIZATION_ERROR } from '../errors.js'
import { transactionJson } from '../views.js'

export const decoderawtransaction = defineBitcoind({
  name: 'decoderawtransaction',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'iswitness', type: 'boolean', optional: true },
  ],
  run(context, [hex]) {
    let tx: ReturnType<typeof parseTransaction>
    try {
      tx = parseTransaction(parseHex(hex, 'hexstring'))
    } catch (error) {
      if (error instanceof BitcoindError)
        throw new BitcoindError(RPC_DESERIALIZATION_ERROR, 'TX decode failed')
      throw new BitcoindError(RPC_DESERIALIZATION_ERROR, 'TX decode failed')
    }
    return transactionJson(tx, context.read().params)
  },
})
