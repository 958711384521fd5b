/**
 * Handler for `debug_traceBlockByHash(blockHash[, options])`: the traces of every transaction of
 * the block, REMASC included — struct traces (`rskTracer`) or `[{txHash, result}]` call traces
 * (`callTracer`); `null` for an unknown block.
 */

import { callTraces, rskTraces } from '../../../node/traces/traceService.js'
import { blockToTrace } from '../../../node/traces/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { hash, object, optional } from '../../params.js'
import { parseTraceOptions } from '../../traceOptions.js'

export const debug_traceBlockByHash = defineMethod({
  name: 'debug_traceBlockByHash',
  params: [hash('blockHash', 'block hash'), optional(object('options'))],
  handler: async (context, [blockHash, rawOptions]) => {
    const options = parseTraceOptions(rawOptions)
    const engine = context.engine
    const block = await blockToTrace(engine, { kind: 'hash', hash: blockHash })
    if (!block) return null
    if (block.header.number === 0n) return []
    if (options.tracer === 'callTracer') return callTraces(engine, block, options)
    return rskTraces(engine, block, options)
  },
})
