/**
 * Handler for `eth_getTransactionByBlockNumberAndIndex`: the transaction object, `null` for a
 * block above the head or an index past its transactions. `pending` (rskj profile) indexes the
 * pool's pending transactions in block order, shown with null block fields as pool transactions are.
 */
import { transactionView } from '../../../node/engine/blockViews.js'
import { transactionAt } from '../../../node/engine/upstreamBlocks.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'
import { blockAt } from '../nodeLookups.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getTransactionByBlockNumberAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockNumberAndIndex',
  params: [block('block'), hexIndex('index')],
  handler: async (context, [ref, index]) => {
    const found = await blockAt(context.engine, ref)
    if (!found) return null
    if (found.kind === 'pending') {
      const pooled = context.engine.pool.pending()[index]
      if (!pooled) return null
      return toTransactionDto(
        transactionView(pooled.tx, pooled.sender, { blockHash: null, blockNumber: null, index: null }),
      )
    }
    const tx = transactionAt(found.block, index)
    return tx ? toTransactionDto(tx) : null
  },
})
