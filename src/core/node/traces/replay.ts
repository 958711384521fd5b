/**
 * Re-executes a mined block on its parent's state, so that its transactions can be traced. The
 * engine keeps every historical state root, so the parent state is read from the trie; the EVM
 * runs synchronously over it (missing nodes are loaded and the whole replay reruns, which is why
 * tracers are created per run through `createTracer`).
 */

import { userTransactionCount } from '../../chain/block.js'
import { contractAddress, transactionSenderPublicKey } from '../../chain/transaction.js'
import { executeTransaction } from '../../evm/transaction.js'
import type { BlockEnv, EvmTracer, StateReader } from '../../evm/types.js'
import { REMASC_ADDRESS } from '../../network/networks.js'
import { StateOverlay } from '../../state/overlay.js'
import type { ReplayedTransaction } from '../../tracing/replayed.js'
import { type Address, equalBytes } from '../../util/hex.js'
import { blockEnvOf, messageOf } from '../engine/blockEnv.js'
import { baseStateOf, type StoredBlock } from '../engine/blockRecord.js'
import type { Engine } from '../engine/engine.js'
import { runWithHistoricalState } from '../engine/historicalReader.js'
import { isUpstreamBlock } from '../engine/upstreamStoredBlock.js'
import { BlockNoLongerOnChainError } from '../errors.js'

export type { ReplayedTransaction }

export interface ReplayBlockParameters<T extends EvmTracer> {
  engine: Engine
  block: StoredBlock
  /** Called once per user transaction and run; return `undefined` to run it untraced. */
  createTracer(index: number): T | undefined
  /** Stop after this transaction index (tracing one transaction needs only its predecessors). */
  lastIndex?: number
}

/**
 * Runs the block's user transactions (REMASC, last when present, is left out: it runs no code here) in
 * order over the parent state, with the same options the block builder used.
 */
export async function replayBlock<T extends EvmTracer>(
  p: ReplayBlockParameters<T>,
): Promise<ReplayedTransaction<T>[]> {
  const { engine, block } = p
  if (block.header.number === 0n) return []
  const env = blockEnvOf(engine, block)
  const userCount = userTransactionCount(block.transactions)
  const last = Math.min(p.lastIndex ?? userCount - 1, userCount - 1)
  const run = (state: StateReader) => runTransactions(p, env, state, last)
  if (isUpstreamBlock(block)) {
    // The upstream's state at the parent, read as the replay reaches it (one round per pass).
    const fork = engine.fork
    if (!fork) throw new BlockNoLongerOnChainError(block.header.number)
    const parentState = await fork.stateAt(block.header.number - 1n)
    return parentState.runSpeculatively(() => run(parentState))
  }
  const parent = await engine.reader.blockByNumber(block.header.number - 1n)
  // A revert or reset between reading the block and here removed or replaced its parent.
  if (!parent || !equalBytes(parent.hash, block.header.parentHash))
    throw new BlockNoLongerOnChainError(block.header.number)
  // The state the block ran on: its parent's, with any dev edits made before it was mined.
  const base = baseStateOf(block, parent)
  return runWithHistoricalState(engine.state.at(base.root, base.at), run)
}

function runTransactions<T extends EvmTracer>(
  p: ReplayBlockParameters<T>,
  env: BlockEnv,
  state: StateReader,
  last: number,
): ReplayedTransaction<T>[] {
  const { engine, block } = p
  const overlay = new StateOverlay(state)
  const deletedAccounts = new Set<Address>()
  const replayed: ReplayedTransaction<T>[] = []
  let blockGasUsed = 0n
  for (let index = 0; index <= last; index++) {
    const tx = block.transactions[index]!
    const sender = block.senders[index]!
    const tracer = p.createTracer(index)
    const result = executeTransaction(overlay, messageOf(tx, sender), env, {
      feeRecipient: REMASC_ADDRESS,
      precompiles: engine.precompiles,
      deletedAccounts,
      blockGasUsed,
      tracer,
      txHash: tx.hash,
      senderPublicKey: () => transactionSenderPublicKey(tx),
    })
    overlay.apply(result.diff)
    for (const [address, change] of result.diff) if (change.account === null) deletedAccounts.add(address)
    blockGasUsed += result.gasUsed
    const createdAddress = tx.to === undefined ? contractAddress(sender, tx.nonce) : undefined
    replayed.push({ index, tx, sender, tracer, result, createdAddress })
  }
  return replayed
}
