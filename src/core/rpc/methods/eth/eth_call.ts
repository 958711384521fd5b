/**
 * Handler for `eth_call`: a local execution on top of a block (default `latest`; a block hash is
 * accepted as RSKj's ExecutionBlockRetriever does). On `pending` it runs on the latest state in
 * the next block's context: number latest+1, the next block's timestamp and coinbase. A revert is -32015 with the revert bytes in
 * `data`; other failures (out of gas, invalid opcode) return the output, as RSKj does.
 */
import { UpstreamRequestError } from '../../../fork/errors.js'
import type { ForkHistory } from '../../../fork/forkHistory.js'
import {
  CALL_GAS_CAP,
  type CallParameters,
  requireExecutionTarget,
  simulate,
} from '../../../node/engine/queries.js'
import { upstreamCall, upstreamStateAt } from '../../../node/engine/upstreamState.js'
import { hexToBytes } from '../../../util/hex.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toData, toQuantity } from '../../encode.js'
import { ExecutionRevertedError } from '../../errors/revert.js'
import { callRequest } from '../../objectParams.js'
import { optional } from '../../params.js'

export const eth_call = defineMethod({
  name: 'eth_call',
  params: [callRequest('transaction'), optional(blockExt('block'))],
  handler: async (context, [call, block]) => {
    const ref = block ?? { kind: 'tag', tag: 'latest' }
    // On a fork, a block below the fork block is the upstream's: it runs the call there.
    const upstream = await upstreamStateAt(context.engine, ref)
    if (upstream) return toData(await callUpstream(call, upstream))
    const target = await requireExecutionTarget(context.engine, ref)
    const result = await simulate(context.engine, call, target, CALL_GAS_CAP)
    if (result.reverted) throw new ExecutionRevertedError(result.returnData)
    return toData(result.returnData)
  },
})

/** The call sent to the upstream as its JSON; a revert there is a revert here, with its bytes. */
async function callUpstream(
  call: CallParameters,
  at: { history: ForkHistory; block: bigint },
): Promise<Uint8Array> {
  const wire: Record<string, string> = {}
  if (call.from) wire.from = call.from
  if (call.to) wire.to = call.to
  if (call.gas !== undefined) wire.gas = toQuantity(call.gas > CALL_GAS_CAP ? CALL_GAS_CAP : call.gas)
  if (call.gasPrice !== undefined) wire.gasPrice = toQuantity(call.gasPrice)
  if (call.value !== undefined) wire.value = toQuantity(call.value)
  if (call.data) wire.data = toData(call.data)
  try {
    return await upstreamCall(at.history, wire, at.block)
  } catch (error) {
    if (error instanceof UpstreamRequestError && isUpstreamRevert(error)) {
      const data = error.upstreamData
      throw new ExecutionRevertedError(
        typeof data === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(data) ? hexToBytes(data) : new Uint8Array(0),
      )
    }
    throw error
  }
}

/**
 * A revert as the upstream words it: RSKj's -32015, or an Ethereum node's (geth and Anvil: code 3,
 * "execution reverted…", the revert bytes as `data`).
 */
function isUpstreamRevert(error: UpstreamRequestError): boolean {
  if (error.upstreamCode === ExecutionRevertedError.code) return true
  return error.upstreamCode === ETHEREUM_REVERT || /execution reverted/i.test(error.message)
}

const ETHEREUM_REVERT = 3
