/**
 * Read-side operations the RPC methods share: resolving block parameters, reading state at a
 * block, `eth_call`, `eth_estimateGas` and log queries. Kept out of the engine class so that it
 * stays about mutations.
 */

import { executeTransaction } from '../../evm/transaction.js'
import type { ExecutionResult, StateReader } from '../../evm/types.js'
import type { LogCriteria } from '../../filters/logMatch.js'
import type { ForkState } from '../../fork/forkState.js'
import type { HistoricalState } from '../../state/history.js'
import { MissingTrieNodeError } from '../../trie/store.js'
import { equalBytes, ZERO_ADDRESS } from '../../util/hex.js'
import { BlockNoLongerOnChainError, BlockNotFoundError } from '../errors.js'
import type { LogLimitPolicy } from '../logQuery.js'
import { blockEnvOf } from './blockEnv.js'
import { type StoredBlock, stateOf } from './blockRecord.js'
import type { Engine } from './engine.js'
import { queryChainLogs } from './forkLogs.js'
import { runWithHistoricalState } from './historicalReader.js'
import type { BlockRef, CallRequest } from './requests.js'
import type { LogView } from './views.js'

/** The stored block a parameter names; `pending` resolves to the head (its state is the pool's view). */
export async function resolveBlock(engine: Engine, ref: BlockRef): Promise<StoredBlock | undefined> {
  switch (ref.kind) {
    case 'tag':
      return ref.tag === 'earliest' ? engine.reader.blockByNumber(0n) : engine.head
    case 'number':
      return engine.reader.blockByNumber(ref.number)
    case 'hash':
      return engine.reader.blockByHash(ref.hash)
  }
}

/** Like `resolveBlock` but a missing block throws `BlockNotFoundError`. */
export async function requireBlock(engine: Engine, ref: BlockRef): Promise<StoredBlock> {
  const block = await resolveBlock(engine, ref)
  if (block) return block
  throw new BlockNotFoundError(ref)
}

export type StateAt = { latest: true; reader: StateReader } | { latest: false; history: HistoricalState }

/** State after `block`: the live in-memory state for the head, the trie at its root otherwise. */
export function stateAt(engine: Engine, block: StoredBlock): StateAt {
  if (block.header.number === engine.head.header.number) return { latest: true, reader: engine.latestState }
  const { root, at } = stateOf(block)
  return { latest: false, history: engine.state.at(root, at) }
}

/** The call object's fields a local execution uses (parsed by `objectParams.ts`). */
export type CallParameters = Pick<CallRequest, 'from' | 'to' | 'gas' | 'gasPrice' | 'value' | 'data'>

/** RSKj rpc.callGasCap and rpc.gasEstimationCap. */
export const CALL_GAS_CAP = 10_000_000n
export const ESTIMATE_GAS_CAP = 6_800_000n

/**
 * Where a call or an estimate runs: a stored block, or the `pending` block — the head's state in
 * the next block's context (`Engine.pendingBlockEnv`), what a transaction sent now would see.
 */
export interface ExecutionTarget {
  block: StoredBlock
  pending: boolean
  /** On a fork, below the fork block: the upstream's state after `block`, where the call runs. */
  upstream?: ForkState
}

/**
 * Runs a read of `block`'s state. A revert, reset or load while it runs deletes the nodes of the
 * states it dropped: a node missing because `block` left the chain is `BlockNoLongerOnChainError`
 * (-32000, retry on the new chain); a node missing from a block still on the chain is a bug and
 * stays one.
 */
export async function readingStateOf<T>(
  engine: Engine,
  block: StoredBlock,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof MissingTrieNodeError) {
      const now = await engine.reader.blockByNumber(block.header.number)
      if (!now || !equalBytes(now.hash, block.hash)) throw new BlockNoLongerOnChainError(block.header.number)
    }
    throw error
  }
}

/** Like `requireBlock`, keeping whether `pending` was asked for. */
export async function requireExecutionTarget(engine: Engine, ref: BlockRef): Promise<ExecutionTarget> {
  const pending = ref.kind === 'tag' && ref.tag === 'pending'
  return { block: await requireBlock(engine, ref), pending }
}

/** Runs a local call (RSKj semantics: no nonce, balance or intrinsic-gas checks) on top of `target`. */
export async function simulate(
  engine: Engine,
  call: CallParameters,
  target: ExecutionTarget,
  gasCap: bigint,
): Promise<ExecutionResult> {
  const { block, pending } = target
  const env = pending ? engine.pendingBlockEnv() : blockEnvOf(engine, block)
  const gas = call.gas === undefined || call.gas > gasCap ? gasCap : call.gas
  const run = (state: StateReader) =>
    executeTransaction(
      state,
      {
        from: call.from ?? ZERO_ADDRESS,
        to: call.to ?? undefined,
        value: call.value ?? 0n,
        data: call.data ?? new Uint8Array(0),
        gasLimit: gas,
        gasPrice: call.gasPrice ?? 0n,
      },
      env,
      { localCall: true, precompiles: engine.precompiles },
    )
  const upstream = target.upstream
  if (upstream) return upstream.runSpeculatively(() => run(upstream))
  const state = stateAt(engine, block)
  if (!state.latest) {
    const history = state.history
    return readingStateOf(engine, block, () => runWithHistoricalState(history, run))
  }
  // Over a fork, a first pass finds the upstream state the call reaches; it is fetched in one go.
  return engine.fork ? engine.fork.runSpeculatively(() => run(state.reader)) : run(state.reader)
}

export async function getLogs(
  engine: Engine,
  query: { from: bigint; to: bigint; criteria: LogCriteria },
  policy: LogLimitPolicy,
): Promise<LogView[]> {
  return queryChainLogs(engine, query, policy)
}
