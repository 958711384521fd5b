/**
 * Handler for `eth_call`: a local execution on top of a block (default `latest`; a block hash is
 * accepted as RSKj's ExecutionBlockRetriever does). On `pending` it runs on the latest state in
 * the next block's context: number latest+1, the next block's timestamp and coinbase. A revert is -32015 with the revert bytes in
 * `data`; other failures (out of gas, invalid opcode) return the output, as RSKj does.
 */
import { CALL_GAS_CAP, requireExecutionTarget, simulate } from '../../../node/engine/queries.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { ExecutionRevertedError } from '../../errors/revert.js'
import { callRequest } from '../../objectParams.js'
import { optional } from '../../params.js'

export const eth_call = defineMethod({
  name: 'eth_call',
  params: [callRequest('transaction'), optional(blockExt('block'))],
  handler: async (context, [call, block]) => {
    const target = await requireExecutionTarget(context.engine, block ?? { kind: 'tag', tag: 'latest' })
    const result = await simulate(context.engine, call, target, CALL_GAS_CAP)
    if (result.reverted) throw new ExecutionRevertedError(result.returnData)
    return toData(result.returnData)
  },
})
