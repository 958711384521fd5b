/** Handler for `eth_getTransactionByBlockHashAndIndex`: the transaction object, `null` for an unknown block or index. */
import { minedTransactionView } from '../../../node/engine/blockViews.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'
import { hash } from '../../params.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getTransactionByBlockHashAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockHashAndIndex',
  params: [hash('blockHash', 'block hash'), hexIndex('index')],
  handler: async (context, [blockHash, index]) => {
    const block = await context.engine.reader.blockByHash(blockHash)
    if (!block || index >= block.transactions.length) return null
    return toTransactionDto(minedTransactionView(block, index))
  },
})
