/**
 * Handler for `debug_traceTransaction(txHash[, options])`: RSKj's struct trace (`rskTracer`, the
 * default) or call trace (`callTracer`) of a mined transaction, re-executed on its block's parent
 * state; `null` for an unknown or pending transaction. On a fork, a transaction of the upstream's at
 * or below the fork block is replayed on the upstream's state at its block's parent.
 */

import { callTraces, rskTraces } from '../../../node/traces/traceService.js'
import { transactionToTrace } from '../../../node/traces/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { hash, object, optional } from '../../params.js'
import { parseTraceOptions } from '../../traceOptions.js'

export const debug_traceTransaction = defineMethod({
  name: 'debug_traceTransaction',
  params: [hash('transactionHash', 'transaction hash'), optional(object('options'))],
  handler: async (context, [txHash, rawOptions]) => {
    const options = parseTraceOptions(rawOptions)
    const engine = context.engine
    const found = await transactionToTrace(engine, txHash)
    if (!found) return null
    const { block, index } = found
    if (options.tracer === 'callTracer')
      return (await callTraces(engine, block, options, index))[0]?.result ?? null
    return (await rskTraces(engine, block, options, index))[0] ?? null
  },
})
