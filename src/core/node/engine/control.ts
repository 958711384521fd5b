/**
 * Dev-node control of the chain: snapshots and reverts (Ganache/Anvil semantics: reverting drops
 * that snapshot and every later one), reset to a fresh genesis, and direct state edits
 * (setBalance, setCode, setNonce, setStorageAt). Each runs under the engine's mutex and ends in
 * one atomic batch. A revert rolls the chain back like a reorganization: log filters then report
 * the logs of the removed blocks with `removed: true`.
 */

import { KECCAK256_EMPTY, keccak256 } from '../../crypto/hash.js'
import type { AccountDiff } from '../../evm/types.js'
import { matchesLog } from '../../filters/logMatch.js'
import { FORK_CACHE_PREFIX } from '../../fork/forkState.js'
import { FORK_POINT_KEY, type ForkConnection, startFork } from '../../fork/openFork.js'
import type { KvOperation } from '../../storage/types.js'
import { HOST_KEY_PREFIX } from '../../storage/types.js'
import type { TrieRoot } from '../../trie/trie.js'
import { type Address, bytesToHex, bytesToUnprefixedHex, hexToBytes } from '../../util/hex.js'
import { type StoredBlock, stateOf } from './blockRecord.js'
import { blockLogs } from './chainReader.js'
import { bitcoinHashOf, type Engine } from './engine.js'
import { keys } from './keys.js'
import { logSectionDeletes } from './logSectionRecords.js'

/** `evm_snapshot`: remembers the head; ids count up from 1 (`0x1`, `0x2`…). */
export function takeSnapshot(engine: Engine, name?: string): Promise<bigint> {
  return engine.mutex.run(async () => {
    const id = engine.settings.nextSnapshotId
    engine.settings.nextSnapshotId = id + 1n
    engine.settings.snapshots.push({
      id,
      blockNumber: engine.head.header.number,
      blockHash: engine.head.hashHex,
      stateRoot: bytesToHex(engine.state.stateRoot),
      stateAt: engine.state.stateAt,
      pool: [],
      time: {
        offsetSeconds: engine.time.state.offsetSeconds.toString(),
        nextTimestamp: engine.time.state.nextTimestamp?.toString(),
      },
      name,
      takenAt: engine.clock.now(),
    })
    await engine.saveSettings()
    return id
  })
}

/** `evm_revert`: false for an unknown id; otherwise the chain, state and time go back to the snapshot. */
export function revertToSnapshot(engine: Engine, id: bigint): Promise<boolean> {
  return engine.mutex.run(async () => {
    const index = engine.settings.snapshots.findIndex((s) => s.id === id)
    const snapshot = engine.settings.snapshots[index]
    if (!snapshot) return false
    engine.settings.snapshots = engine.settings.snapshots.slice(0, index)
    engine.time.state = {
      offsetSeconds: BigInt(snapshot.time.offsetSeconds),
      nextTimestamp:
        snapshot.time.nextTimestamp === undefined ? undefined : BigInt(snapshot.time.nextTimestamp),
    }
    await rewindTo(
      engine,
      snapshot.blockNumber,
      snapshot.stateRoot === undefined
        ? undefined
        : { root: hexToBytes(snapshot.stateRoot), at: snapshot.stateAt ?? 0 },
    )
    return true
  })
}

/** Removes every block above `target` and moves state, pool, filters and caches back to it. */
async function rewindTo(engine: Engine, target: bigint, state?: TrieRoot): Promise<void> {
  const targetBlock = await engine.reader.blockByNumber(target)
  if (!targetBlock) throw new Error(`cannot rewind to missing block ${target}`)
  const removed: StoredBlock[] = []
  for (let n = engine.head.header.number; n > target; n--) {
    const block = await engine.reader.blockByNumber(n)
    if (block) removed.push(block)
  }
  const ops: KvOperation[] = []
  for (const block of removed) {
    const n = block.header.number
    ops.push({ type: 'delete', key: keys.block(n) })
    ops.push(...logSectionDeletes(n))
    ops.push({ type: 'delete', key: keys.blockHash(block.hashHex) })
    for (const tx of block.transactions)
      ops.push({ type: 'delete', key: keys.transaction(bytesToUnprefixedHex(tx.hash)) })
  }
  // RSKj clears the pool on revert: pending transactions were built on state that is gone.
  for (const entry of engine.pool.entries())
    ops.push({ type: 'delete', key: keys.pooled(entry.tx.hash.slice(2)) })
  engine.pool.clear()
  engine.storedPool.clear()
  // The snapshot's own root when it has one: it includes edits made without a block.
  const { root, at } = state ?? stateOf(targetBlock)
  const { writes } = await engine.state.resetToRoot(root, at)
  // The target's record becomes the highest: the head (headBlock.ts).
  ops.push(...writes)
  markRemovedLogs(engine, removed, target)
  engine.settings.time = engine.time.state
  await engine.kv.batch([...ops, ...settingsAndFilterWrites(engine)])
  engine.reader.forgetAbove(target)
  engine.reader.head = targetBlock
  engine.parentBitcoinHash = bitcoinHashOf(targetBlock)
  if (removed.length > 0) engine.emit({ type: 'removedBlocks', blocks: removed })
}

/** Filters that already reported logs of removed blocks get them back with `removed: true`. */
function markRemovedLogs(engine: Engine, removed: StoredBlock[], target: bigint): void {
  for (const filter of engine.filters.list()) {
    if (filter.cursorBlock <= target) continue
    if (filter.kind === 'log' && filter.log) {
      const criteria = filter.log.criteria
      const reported = removed
        .filter((b) => b.header.number <= filter.cursorBlock)
        .sort((a, b) => (a.header.number < b.header.number ? -1 : 1))
      for (const block of reported)
        for (const log of blockLogs(block))
          if (matchesLog(log, criteria)) filter.removedLogs.push({ ...log, removed: true })
    }
    filter.cursorBlock = target
  }
}

function settingsAndFilterWrites(engine: Engine): KvOperation[] {
  return [
    { type: 'put', key: keys.settings, value: engine.encodedSettings() },
    { type: 'put', key: keys.filters, value: engine.encodedFilters() },
  ]
}

/**
 * `evm_reset` / `anvil_reset`: a new chain from a new genesis. The genesis timestamp is the reset
 * time, so the genesis hash changes and wallets drop cached nonces; filters and snapshots go too.
 * `fork` says what the new chain is: a fork from a new point, `null` for a local chain, absent to
 * keep what it was (a fork starts again from its fork block).
 */
export function resetChain(engine: Engine, fork?: ForkConnection | null): Promise<void> {
  return engine.mutex.run(async () => {
    // Everything of the chain goes; the node's keystore (`ks:`), the host's records and what was
    // fetched from upstreams (keyed by their chain id and fork block) are not part of it.
    const all = await engine.kv.range({})
    const keep = (key: string) =>
      key.startsWith('ks:') ||
      key.startsWith(HOST_KEY_PREFIX) ||
      key.startsWith(FORK_CACHE_PREFIX) ||
      (fork === undefined && key === FORK_POINT_KEY)
    await engine.kv.batch(all.filter(([key]) => !keep(key)).map(([key]) => ({ type: 'delete', key })))
    if (fork === null) engine.fork = undefined
    else if (fork) engine.fork = await startFork(fork, engine.kv)
    engine.pool.clear()
    engine.storedPool.clear()
    engine.filters.clear()
    engine.reader.clear()
    const mining = engine.settings.mining
    engine.settings = {
      ...engine.settings,
      snapshots: [],
      nextSnapshotId: 1n,
      impersonated: [],
      time: { offsetSeconds: 0n },
    }
    engine.settings.mining = mining
    engine.time.state = engine.settings.time
    await engine.writeGenesis(BigInt(Math.floor(engine.clock.now() / 1000)))
    engine.emit({ type: 'reset' })
  })
}

export interface StateEdit {
  balance?: bigint
  nonce?: bigint
  code?: Uint8Array
  storage?: ReadonlyArray<readonly [bigint, bigint]>
}

/**
 * Edits an account in the latest state without a block (anvil_setBalance and friends), as Hardhat
 * and Anvil do. The change is committed to the state tries and persisted at once; the next block
 * builds on it, and a revert to an earlier snapshot undoes it.
 */
export function editAccount(engine: Engine, address: Address, edit: StateEdit): Promise<void> {
  return engine.mutex.run(async () => {
    const current = engine.state.getAccount(address)
    const change: AccountDiff = {
      account: {
        nonce: edit.nonce ?? current?.nonce ?? 0n,
        balance: edit.balance ?? current?.balance ?? 0n,
        codeHash: edit.code
          ? edit.code.length === 0
            ? KECCAK256_EMPTY
            : keccak256(edit.code)
          : (current?.codeHash ?? KECCAK256_EMPTY),
      },
      storage: new Map(edit.storage ?? []),
    }
    if (edit.code) change.code = edit.code
    await engine.commitEdit(new Map([[address, change]]))
  })
}
