/**
 * Handler for `trace_block(block)`: the Parity-style traces of every transaction of a block
 * (REMASC included), `[]` for the genesis block and `null` for an unknown block. `pending`
 * answers for the head block: blocks are mined as soon as transactions arrive. On a fork, a block at
 * or below the fork block is the upstream's, replayed on the upstream's state at its parent.
 */
import { parityTraces } from '../../../node/traces/traceService.js'
import { blockToTrace } from '../../../node/traces/upstreamBlocks.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'

export const trace_block = defineMethod({
  name: 'trace_block',
  params: [blockExt('block')],
  handler: async (context, [block]) => {
    const found = await blockToTrace(context.engine, block)
    if (!found) return null
    return parityTraces(context.engine, found)
  },
})
