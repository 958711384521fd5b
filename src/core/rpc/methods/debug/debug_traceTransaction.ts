/**
 * Handler for `debug_traceTransaction(txHash[, options])`: RSKj's struct trace (`rskTracer`, the
 * default) or call trace (`callTracer`) of a mined transaction, re-executed on its block's parent
 * state; `null` for an unknown or pending transaction.
 */

import { callTraces, rskTraces } from '../../../node/traces/traceService.js'
import { defineMethod } from '../../defineMethod.js'
import { hash, object, optional } from '../../params.js'
import { parseTraceOptions } from '../../traceOptions.js'

export const debug_traceTransaction = defineMethod({
  name: 'debug_traceTransaction',
  params: [hash('transactionHash', 'transaction hash'), optional(object('options'))],
  handler: async (context, [txHash, rawOptions]) => {
    const options = parseTraceOptions(rawOptions)
    const engine = context.engine
    const location = await engine.reader.transactionLocation(txHash)
    if (!location) return null
    const block = await engine.reader.blockByNumber(location.blockNumber)
    if (!block) return null
    if (options.tracer === 'callTracer')
      return (await callTraces(engine, block, options, location.index))[0]?.result ?? null
    return (await rskTraces(engine, block, options, location.index))[0] ?? null
  },
})
