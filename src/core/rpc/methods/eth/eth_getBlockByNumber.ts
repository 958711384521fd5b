/** Handler for `eth_getBlockByNumber`: the RSKj block object, or `null` past the head. */

import { blockView } from '../../../node/engine/blockViews.js'
import { resolveBlock } from '../../../node/engine/queries.js'
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
    const found = await resolveBlock(context.engine, ref)
    return found ? toBlockDto(blockView(found, full ?? false)) : null
  },
})
