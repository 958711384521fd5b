/** Handler for `eth_getBlockTransactionCountByHash`: the count (REMASC included, as RSKj), `null` for an unknown block. */
import { findBlock, transactionCountOf } from '../../../node/engine/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { hash } from '../../params.js'

export const eth_getBlockTransactionCountByHash = defineMethod({
  name: 'eth_getBlockTransactionCountByHash',
  params: [hash('blockHash', 'block hash')],
  handler: async (context, [blockHash]) => {
    const found = await findBlock(context.engine, { kind: 'hash', hash: blockHash })
    return found ? toQuantity(transactionCountOf(found)) : null
  },
})
