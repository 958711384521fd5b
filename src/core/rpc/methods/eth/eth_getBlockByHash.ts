/** Handler for `eth_getBlockByHash`: the RSKj block object, or `null` for an unknown hash. */
import { blockView } from '../../../node/engine/blockViews.js'
import { defineMethod } from '../../defineMethod.js'
import { toBlockDto } from '../../dto/blockDto.js'
import { boolean, hash, optional } from '../../params.js'

export const eth_getBlockByHash = defineMethod({
  name: 'eth_getBlockByHash',
  params: [hash('blockHash', 'block hash'), optional(boolean('fullTransactions'))],
  handler: async (context, [blockHash, full]) => {
    const found = await context.engine.reader.blockByHash(blockHash)
    return found ? toBlockDto(blockView(found, full ?? false)) : null
  },
})
