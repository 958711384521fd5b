/**
 * Handler for `trace_transaction(txHash)`: the Parity-style traces of a mined transaction (its
 * top-level call or creation, then every nested frame), or `null` when it is not mined. On a fork,
 * a transaction of the upstream's at or below the fork block is replayed on the upstream's state.
 */
import { parityTraces } from '../../../node/traces/traceService.js'
import { transactionToTrace } from '../../../node/traces/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { hash } from '../../params.js'

export const trace_transaction = defineMethod({
  name: 'trace_transaction',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const engine = context.engine
    const found = await transactionToTrace(engine, txHash)
    if (!found) return null
    return parityTraces(engine, found.block, () => true, found.index)
  },
})
