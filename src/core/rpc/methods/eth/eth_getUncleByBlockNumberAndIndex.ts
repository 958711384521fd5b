/**
 * Handler for `eth_getUncleByBlockNumberAndIndex`: `null`, since this node mines no uncles (see
 * eth_getUncleByBlockHashAndIndex); on a fork, an upstream block's uncles are the upstream's.
 * Parameters are still checked, so malformed input is -32602.
 */
import { findBlock, uncleAt } from '../../../node/engine/upstreamBlocks.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toBlockDto } from '../../dto/blockDto.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getUncleByBlockNumberAndIndex = defineMethod({
  name: 'eth_getUncleByBlockNumberAndIndex',
  params: [block('block'), hexIndex('index')],
  handler: async (context, [ref, index]) => {
    if (ref.kind === 'tag' && ref.tag === 'pending') return null
    const found = await findBlock(context.engine, ref)
    const uncle = found && (await uncleAt(context.engine, found, index))
    return uncle ? toBlockDto(uncle) : null
  },
})
