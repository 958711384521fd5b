/** Handler for `eth_getBlockTransactionCountByHash`: the count (REMASC included, as RSKj), `null` for an unknown block. */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { hash } from '../../params.js'

export const eth_getBlockTransactionCountByHash = defineMethod({
  name: 'eth_getBlockTransactionCountByHash',
  params: [hash('blockHash', 'block hash')],
  handler: async (context, [blockHash]) => {
    const block = await context.engine.reader.blockByHash(blockHash)
    return block ? toQuantity(block.transactions.length) : null
  },
})
