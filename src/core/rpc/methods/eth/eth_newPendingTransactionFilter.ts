/** Handler for `eth_newPendingTransactionFilter`: polling yields the hashes of new pending transactions. */
import { installFilter } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_newPendingTransactionFilter = defineMethod({
  name: 'eth_newPendingTransactionFilter',
  params: [],
  handler: async (context) => (await installFilter(context.engine, 'pendingTransaction', undefined)).id,
})
