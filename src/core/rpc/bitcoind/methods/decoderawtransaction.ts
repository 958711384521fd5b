import { defineBitcoind } from '../context.js'
import { decodeRawTransaction } from '../rawTransaction.js'
import { transactionJson } from '../views.js'

export const decoderawtransaction = defineBitcoind({
  name: 'decoderawtransaction',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'iswitness', type: 'boolean', optional: true },
  ],
  run: (context, [hex]) => transactionJson(decodeRawTransaction(hex), context.read().params),
})
