/**
 * Handler for `eth_getBlockByHash`: the RSKj block object, or `null` for an unknown hash. On a
 * fork, a hash this chain does not know is looked up upstream (at or below the fork block).
 */
import { chainBlockView, findBlock } from '../../../node/engine/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { toBlockDto } from '../../dto/blockDto.js'
import { boolean, hash, optional } from '../../params.js'

export const eth_getBlockByHash = defineMethod({
  name: 'eth_getBlockByHash',
  params: [hash('blockHash', 'block hash'), optional(boolean('fullTransactions'))],
  handler: async (context, [blockHash, full]) => {
    const found = await findBlock(context.engine, { kind: 'hash', hash: blockHash })
    return found ? toBlockDto(chainBlockView(found, full ?? false)) : null
  },
})
