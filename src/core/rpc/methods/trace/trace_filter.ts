/**
 * Handler for `trace_filter(filter)`: Parity-style traces of a block range, filtered by sender
 * and receiver, windowed by `after` and `count` (RSKj's limits and messages).
 */
import { traceFilter } from '../../../node/traces/traceFilter.js'
import { defineMethod } from '../../defineMethod.js'
import { object } from '../../params.js'
import { parseTraceFilter } from '../../traceParams.js'

export const trace_filter = defineMethod({
  name: 'trace_filter',
  params: [object('filter')],
  handler: async (context, [filter]) => traceFilter(context.engine, parseTraceFilter(filter)),
})
