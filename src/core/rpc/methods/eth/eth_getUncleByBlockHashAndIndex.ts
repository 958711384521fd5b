/**
 * Handler for `eth_getUncleByBlockHashAndIndex`. This node mines no uncles (every block's uncle
 * count is 0), so every index is past the block's uncle list: `null`, as RSKj answers then, and
 * `null` for an unknown block too. On a fork, an upstream block's uncles are the upstream's.
 */
import { findBlock, uncleAt } from '../../../node/engine/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { toBlockDto } from '../../dto/blockDto.js'
import { hash } from '../../params.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getUncleByBlockHashAndIndex = defineMethod({
  name: 'eth_getUncleByBlockHashAndIndex',
  params: [hash('blockHash', 'block hash'), hexIndex('index')],
  handler: async (context, [blockHash, index]) => {
    const found = await findBlock(context.engine, { kind: 'hash', hash: blockHash })
    const uncle = found && (await uncleAt(context.engine, found, index))
    return uncle ? toBlockDto(uncle) : null
  },
})
