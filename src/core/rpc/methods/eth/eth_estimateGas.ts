/**
 * Handler for `eth_estimateGas`. As the specification says, the simulation skips balance and
 * nonce checks, so an underfunded sender still gets an estimate (the reference node's
 * "insufficient funds" is not reproduced). The upper bound is the pending block's gas limit when
 * no gas is given. RSKj's figure (gas used plus forwarded refunds, +2300 for value calls) is
 * checked by running the call with it; when that run would fail, the smallest gas that succeeds
 * is searched, so the estimate always works when sent.
 *
 * Without a block it estimates on `pending` (as Hardhat and Anvil do; RSKj's default is `latest`):
 * the latest state in the next block's context — number, timestamp (also one pinned by
 * `evm_setNextBlockTimestamp`), coinbase and gas limit of the block the transaction will be mined
 * in — so code that depends on them gets the gas it needs there. On a fork, at a block below the
 * fork block it runs on the upstream's state there (fetched as it reaches it, and kept).
 */
import { estimateGasFromResult } from '../../../evm/estimate.js'
import { ESTIMATE_GAS_CAP, requireExecutionTarget, simulate } from '../../../node/engine/queries.js'
import { upstreamExecutionTarget } from '../../../node/engine/upstreamState.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { ExecutionRevertedError } from '../../errors/revert.js'
import { callRequest } from '../../objectParams.js'
import { optional } from '../../params.js'

export const eth_estimateGas = defineMethod({
  name: 'eth_estimateGas',
  params: [callRequest('transaction'), optional(blockExt('block'))],
  handler: async (context, [call, block]) => {
    const engine = context.engine
    const ref = block ?? { kind: 'tag', tag: 'pending' }
    // On a fork, below the fork block: the upstream's state and block there.
    const target = (await upstreamExecutionTarget(engine, ref)) ?? (await requireExecutionTarget(engine, ref))
    const pendingLimit = engine.pendingBlockEnv().gasLimit
    const cap = call.gas ?? (pendingLimit < ESTIMATE_GAS_CAP ? pendingLimit : ESTIMATE_GAS_CAP)
    const first = await simulate(engine, { ...call, gas: cap }, target, cap)
    if (first.reverted) throw new ExecutionRevertedError(first.returnData)
    if (!first.success) return toQuantity(cap)
    let estimate = estimateGasFromResult(first, cap)
    const succeeds = async (gas: bigint) => (await simulate(engine, { ...call, gas }, target, cap)).success
    if (!(await succeeds(estimate))) {
      let low = estimate
      let high = cap
      while (high - low > 1n) {
        const mid = (low + high) / 2n
        if (await succeeds(mid)) high = mid
        else low = mid
      }
      estimate = high
    }
    return toQuantity(estimate)
  },
})
