/** Handler for `eth_getUncleCountByBlockNumber`: `0x0` (no uncles are mined); above the head RSKj's -32600. */
import { uncleCountOf } from '../../../node/engine/upstreamBlocks.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { blockAt, blockNotFound } from '../nodeLookups.js'

export const eth_getUncleCountByBlockNumber = defineMethod({
  name: 'eth_getUncleCountByBlockNumber',
  params: [block('block')],
  handler: async (context, [ref]) => {
    const found = await blockAt(context.engine, ref)
    if (!found) throw blockNotFound(ref)
    return toQuantity(found.kind === 'pending' ? 0 : uncleCountOf(found.block))
  },
})
