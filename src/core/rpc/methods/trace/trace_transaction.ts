/**
 * Handler for `trace_transaction(txHash)`: the Parity-style traces of a mined transaction (its
 * top-level call or creation, then every nested frame), or `null` when it is not mined.
 */
import { parityTraces } from '../../../node/traces/traceService.js'
import { defineMethod } from '../../defineMethod.js'
import { hash } from '../../params.js'

export const trace_transaction = defineMethod({
  name: 'trace_transaction',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const engine = context.engine
    const location = await engine.reader.transactionLocation(txHash)
    if (!location) return null
    const block = await engine.reader.blockByNumber(location.blockNumber)
    if (!block) return null
    return parityTraces(engine, block, () => true, location.index)
  },
})
