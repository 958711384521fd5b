/**
 * Handler for `eth_getBlockTransactionCountByNumber`: the count (REMASC included), the pool's
 * pending count for `pending`, RSKj's -32600 `Block <id> not found` above the head.
 */
import { transactionCountOf } from '../../../node/engine/upstreamBlocks.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { blockAt, blockNotFound } from '../nodeLookups.js'

export const eth_getBlockTransactionCountByNumber = defineMethod({
  name: 'eth_getBlockTransactionCountByNumber',
  params: [block('block')],
  handler: async (context, [ref]) => {
    const found = await blockAt(context.engine, ref)
    if (!found) throw blockNotFound(ref)
    if (found.kind === 'pending') return toQuantity(context.engine.pool.pending().length)
    return toQuantity(transactionCountOf(found.block))
  },
})
