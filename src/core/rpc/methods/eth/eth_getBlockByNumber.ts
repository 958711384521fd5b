/**
 * Handler for `eth_getBlockByNumber`: the RSKj block object, or `null` past the head. On a fork,
 * blocks at or below the fork block are the upstream's (fetched once, then kept).
 */

import { chainBlockView, findBlock } from '../../../node/engine/upstreamBlocks.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toBlockDto } from '../../dto/blockDto.js'
import { boolean, optional } from '../../params.js'

export const eth_getBlockByNumber = defineMethod({
  name: 'eth_getBlockByNumber',
  params: [block('block'), optional(boolean('fullTransactions'))],
  handler: async (context, [ref, full]) => {
    if (ref.kind === 'tag' && ref.tag === 'pending') {
      const pending = await context.engine.pendingBlock()
      return toBlockDto(pending(full ?? false))
    }
    const found = await findBlock(context.engine, ref)
    return found ? toBlockDto(chainBlockView(found, full ?? false)) : null
  },
})
