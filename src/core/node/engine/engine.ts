/**
 * The chain engine: the one owner of a network's chain, state, mempool, filters and mining.
 * RPC methods call it; it never sees JSON. Every mutation runs under one mutex and ends in one
 * atomic storage batch, so a worker killed at any instant reopens on a consistent head.
 */

import { forkDetectionAncestors, forkDetectionDataOf } from '../../chain/forkDetection.js'
import { recoveryBackendLoading } from '../../chain/secp256k1.js'
import {
  assertAcceptableSignature,
  decodeTransaction,
  type SignedTransaction,
  transactionSender,
} from '../../chain/transaction.js'
import type { Clock } from '../../clock/clock.js'
import { TimeControl } from '../../clock/timeControl.js'
import { loadCurves } from '../../crypto/curves.js'
import { intrinsicGas } from '../../evm/gas.js'
import type { BlockEnv, Precompile, StateDiff, StateReader } from '../../evm/types.js'
import { type FilterRecord, FilterRegistry } from '../../filters/filterRegistry.js'
import type { ForkState } from '../../fork/forkState.js'
import { bitcoinHeaderHash } from '../../mining/bitcoin/header.js'
import type { NetworkConfig } from '../../network/networks.js'
import type { PoolTransaction } from '../../pool/txPool.js'
import { ACCOUNT_SLOTS, TxPool } from '../../pool/txPool.js'
import { WorldState } from '../../state/worldState.js'
import type { KeyValueStore, KvOperation } from '../../storage/types.js'
import { type Address, bytesToHex, bytesToUnprefixedHex, equalBytes, hexToBytes } from '../../util/hex.js'
import { bitcoinMiningSettings, bitcoinSlotsDiff, followRskWrites } from '../bitcoin/bitcoinState.js'
import { federationTransactions, pegoutsInFlight } from '../bitcoin/federationService.js'
import { TransactionRefusedError } from '../errors.js'
import type { LogLimitPolicy } from '../logQuery.js'
import { Arrivals } from './arrivals.js'
import {
  type BuildBlockParameters,
  type ExecutedBlock,
  executeBlock,
  nextBlockEnv,
  type SealedBlock,
  sealBlock,
} from './blockBuilder.js'
import { encodeBlockRecord } from './blockCodec.js'
import { withBlockOverrides } from './blockOverrides.js'
import { locateState, type StoredBlock, stateOf } from './blockRecord.js'
import { pendingBlockView } from './blockViews.js'
import { blockLogs, ChainReader, encodeLocation } from './chainReader.js'
import { EMPTY_RUN_BATCH, type EmptyRunHost, mineEmptyRun, type UnstoredParent } from './emptyBlockRun.js'
import { waitingChanges } from './filterWaiting.js'
import { createForkAnchor } from './forkAnchor.js'
import { createGenesis } from './genesis.js'
import { readHeadBlock } from './headBlock.js'
import { impersonatedSender, isImpersonatedEncoding } from './impersonatedEncoding.js'
import { keys } from './keys.js'
import { LegacyLayoutSweep } from './legacyLayout.js'
import { logSectionWrites } from './logSectionRecords.js'
import { Mutex } from './mutex.js'
import { resumeArrivals } from './resumeArrivals.js'
import {
  decodeSettings,
  defaultSettings,
  type EngineSettings,
  encodeSettings,
  type MiningMode,
  settingsOfOlderChain,
} from './settings.js'
import { StateNotLoadedError } from './stateNotLoaded.js'
import type { BlockView, LogView } from './views.js'

export interface PooledTransaction extends PoolTransaction {
  tx: SignedTransaction
}

export type EngineEvent =
  | { type: 'block'; block: StoredBlock }
  | { type: 'pendingTransaction'; hash: Uint8Array }
  | { type: 'removedBlocks'; blocks: StoredBlock[] }
  | { type: 'reset' }

export interface OpenEngineParameters {
  network: NetworkConfig
  storage: KeyValueStore
  clock: Clock
  random: (length: number) => Uint8Array
  precompiles?: ReadonlyMap<Address, Precompile>
  /** Blocks without the REMASC transaction, for test suites (see `BuildBlockParameters.omitRemasc`). */
  omitRemascTransaction?: boolean
  /** A forked node's state at its fork block (what is not local is read from it). */
  fork?: ForkState
}

const MAX_INTERVAL_CATCH_UP = 1000

export class Engine implements EmptyRunHost {
  readonly network: NetworkConfig
  readonly kv: KeyValueStore
  /** Removes the records of the previous layout a batch at a time (legacyLayout.ts). */
  readonly legacyLayout: LegacyLayoutSweep
  readonly clock: Clock
  readonly reader: ChainReader
  readonly pool = new TxPool<PooledTransaction>()
  /**
   * Hashes (unprefixed hex) with a `p:` record in the store. Automine never writes one, so a mined
   * transaction deletes its record only when it has one: two deletes fewer per block to store.
   */
  readonly storedPool = new Set<string>()
  readonly filters: FilterRegistry<LogView>
  readonly time: TimeControl
  readonly mutex = new Mutex()
  readonly arrivals = new Arrivals()
  /** Filter polls return what changed since the last poll, however much: no profile cap applies. */
  readonly unlimitedLogs: LogLimitPolicy = {
    kind: 'range-or-cap',
    freeRange: 2n ** 64n,
    maxLogs: Number.MAX_SAFE_INTEGER,
  }
  settings: EngineSettings
  /** New blocks leave out the REMASC transaction (an option of the node, for test suites). */
  readonly omitRemascTransaction: boolean
  #state: WorldState | undefined
  /**
   * Resolves once the latest state is loaded (and the stored pool restored on it). Opening reads
   * it after the head, settings and filters: answers that need only those leave first (the
   * dispatcher holds back every other request until it resolves, `core/lateLoads.ts`). Loading
   * holds the mutex, so nothing commits on a state not loaded yet.
   */
  stateReady: Promise<void> = Promise.resolve()
  #listeners = new Set<(event: EngineEvent) => void>()
  /** Bitcoin header hash of the head's proof: the simulated Bitcoin chain links to it. */
  parentBitcoinHash: Uint8Array = new Uint8Array(32)
  readonly #random: (length: number) => Uint8Array
  readonly #precompiles?: ReadonlyMap<Address, Precompile>
  #fork: ForkState | undefined

  private constructor(p: OpenEngineParameters, settings: EngineSettings) {
    this.network = p.network
    this.kv = p.storage
    this.legacyLayout = new LegacyLayoutSweep(p.storage)
    this.clock = p.clock
    this.#random = p.random
    this.#precompiles = p.precompiles
    this.omitRemascTransaction = p.omitRemascTransaction === true
    this.settings = settings
    this.reader = new ChainReader(p.storage)
    this.fork = p.fork
    this.filters = new FilterRegistry<LogView>(p.clock, p.random)
    this.time = new TimeControl(p.clock, settings.time)
  }

  /** Set when this chain continues a live network's block (see `src/core/fork`); `anvil_reset` changes it. */
  get fork(): ForkState | undefined {
    return this.#fork
  }

  set fork(fork: ForkState | undefined) {
    this.#fork = fork
    // At and below the fork block, BLOCKHASH reads the upstream's hashes (also after a restart).
    this.reader.upstreamHash = fork && ((n) => (n <= fork.point.blockNumber ? fork.blockHash(n) : undefined))
  }

  /**
   * Opens the chain on its head. Everything opening reads is asked for at once: a cold start waits
   * for the store once for the head (over IndexedDB each wait is a trip to the browser process).
   * The latest state (flat records, then the commits since their rewrite) arrives after that
   * trip and one more: `stateReady` tells when.
   */
  static async open(p: OpenEngineParameters): Promise<Engine> {
    const head = readHeadBlock(p.storage)
    const stateLoad = WorldState.load(p.storage, {
      fallback: p.fork,
      headState: head.then((h) => h && stateOf(h)),
    })
    // Observed at once: a failed load is reported by `stateReady`, never as an unhandled rejection.
    stateLoad.catch(() => {})
    const [rawSettings, filters, block, pooled] = await Promise.all([
      p.storage.get(keys.settings),
      p.storage.get(keys.filters),
      head,
      p.storage.range({ gte: keys.pooledPrefix, lt: keys.pooledEnd }),
    ])
    const settings = rawSettings
      ? decodeSettings(rawSettings)
      : block
        ? settingsOfOlderChain()
        : defaultSettings()
    const engine = new Engine(p, settings)
    if (!block) {
      // A new store: its (empty) state is read before the genesis is written over it.
      await stateLoad
      await engine.writeGenesis()
      return engine
    }
    engine.reader.head = block
    engine.reader.remember(block)
    engine.parentBitcoinHash = bitcoinHashOf(block)
    if (filters) engine.filters.load(JSON.parse(new TextDecoder().decode(filters), reviveBigints))
    await resumeArrivals(engine)
    engine.stateReady = engine.mutex.run(async () => {
      engine.state = await stateLoad
      await engine.restorePool(pooled)
    })
    engine.stateReady.catch(() => {})
    return engine
  }

  /** The latest state; a bug to read before `stateReady` (the dispatcher waits for it). */
  get state(): WorldState {
    const state = this.#state
    if (state === undefined) throw new StateNotLoadedError()
    return state
  }

  set state(state: WorldState) {
    this.#state = state
  }

  async writeGenesis(timestamp?: bigint): Promise<void> {
    const { block, state, writes } = this.fork
      ? await createForkAnchor(this.network, this.kv, this.fork)
      : await createGenesis(this.network, this.kv, timestamp)
    this.state = state
    const ops: KvOperation[] = [
      ...writes,
      ...this.blockWrites(block),
      { type: 'put', key: keys.settings, value: encodeSettings(this.settings) },
    ]
    await this.kv.batch(ops)
    this.reader.head = block
    this.reader.remember(block)
    this.parentBitcoinHash = new Uint8Array(32)
  }

  on(listener: (event: EngineEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells listeners (subscriptions, the panel) what happened. */
  emit(event: EngineEvent): void {
    for (const listener of this.#listeners) listener(event)
  }

  get head(): StoredBlock {
    return this.reader.head
  }

  /** The latest state, synchronous, for the EVM and balance reads. */
  get latestState(): StateReader {
    return this.state
  }

  get precompiles(): ReadonlyMap<Address, Precompile> | undefined {
    return this.#precompiles
  }

  // ───────────────────────── transactions ─────────────────────────

  /** Decodes, checks and pools a raw transaction; under automine it is mined before this returns. */
  async sendRawTransaction(raw: Uint8Array): Promise<Uint8Array> {
    // libsecp256k1 loads once the node is open (createNode): wait for it rather than recover on
    // pure JS (see recoveryBackendLoading).
    const loading = recoveryBackendLoading()
    if (loading) await loading
    const tx = decodeTransaction(raw)
    assertAcceptableSignature(tx, this.network.chainId)
    const sender = transactionSender(tx)
    if (!sender) throw new TransactionRefusedError('invalid signature: no sender can be recovered')
    return this.submit(tx, sender)
  }

  /** Pools a transaction whose sender is known (signed here, or impersonated). */
  submit(tx: SignedTransaction, sender: Address): Promise<Uint8Array> {
    return this.mutex.run(async () => {
      await this.#catchUpInterval()
      return this.#admit(tx, sender)
    })
  }

  /**
   * Pools the transaction `build` makes for `sender` with `nonce`, or when it is undefined with
   * the sender's next pending nonce, read under the same lock that admits it: concurrent sends
   * from one account get consecutive nonces, where reading the nonce first would give two of them
   * the same one (the second then replaces the first, or is refused as too low). RSKj computes
   * the nonce and submits holding one lock too.
   */
  submitWithNonce(
    sender: Address,
    nonce: bigint | undefined,
    build: (nonce: bigint) => SignedTransaction,
  ): Promise<Uint8Array> {
    return this.mutex.run(async () => {
      await this.#catchUpInterval()
      const assigned = nonce ?? this.pool.nextNonce(sender, this.state.getAccount(sender)?.nonce ?? 0n)
      return this.#admit(build(assigned), sender)
    })
  }

  /** Admits `tx` to the pool and stores or mines it; the caller holds the mutex. */
  async #admit(tx: SignedTransaction, sender: Address): Promise<Uint8Array> {
    const entry = poolEntry(tx, sender)
    const account = this.state.getAccount(sender)
    const { replaced } = this.pool.add(entry, {
      account: account && { nonce: account.nonce, balance: account.balance },
      blockGasLimit: this.head.header.gasLimit,
      minimumGasPrice: this.head.header.minimumGasPrice ?? 0n,
      intrinsicGas: intrinsicGas({ data: tx.data, isCreate: tx.to === undefined }),
      accountSlots: ACCOUNT_SLOTS,
    })
    this.arrivals.add(tx.hash)
    this.emit({ type: 'pendingTransaction', hash: tx.hash })
    if (this.settings.mining.type === 'auto') {
      const [block] = await this.mineBlocks(1)
      // A hash is answered only for a transaction the node holds: one the block could not run
      // (an earlier pending transaction spent what it needed) was dropped, and that is an error.
      const hash = bytesToHex(tx.hash)
      if (block?.transactions.some((t) => bytesToHex(t.hash) === hash)) return tx.hash
      if (!this.pool.get(hash))
        throw new TransactionRefusedError(
          'transaction dropped: its nonce or balance no longer fits the block',
        )
      // Still pooled under automine (a nonce gap queues it): stored like any pooled transaction.
    }
    await this.#storePooled(tx, replaced)
    return tx.hash
  }

  /** Writes the `p:` record of a transaction that stays in the pool; drops the one it replaced. */
  async #storePooled(tx: SignedTransaction, replaced: PooledTransaction | undefined): Promise<void> {
    const hashHex = bytesToUnprefixedHex(tx.hash)
    const ops: KvOperation[] = [{ type: 'put', key: keys.pooled(hashHex), value: tx.raw }]
    const replacedHex = replaced && bytesToUnprefixedHex(replaced.tx.hash)
    if (replacedHex && this.storedPool.has(replacedHex))
      ops.push({ type: 'delete', key: keys.pooled(replacedHex) })
    await this.kv.batch(ops)
    this.storedPool.add(hashHex)
    if (replacedHex) this.storedPool.delete(replacedHex)
  }

  // ───────────────────────── mining ─────────────────────────

  /** Mines `count` blocks now (evm_mine, anvil_mine, the panel's "mine N"). */
  mine(count = 1, timestamp?: bigint): Promise<StoredBlock[]> {
    return this.mutex.run(async () => {
      if (timestamp !== undefined) this.time.setNextBlockTimestamp(timestamp)
      return this.mineBlocks(count)
    })
  }

  setMiningMode(mode: MiningMode): Promise<void> {
    return this.mutex.run(async () => {
      this.settings.mining = mode
      if (mode.type === 'interval') {
        const now = this.clock.now()
        this.settings.lastIntervalBlockAt = now
        this.settings.nextIntervalBlockAt = now + this.#drawInterval(mode)
      }
      await this.saveSettings()
      // Switching to automine mines what was waiting, as Hardhat does.
      if (mode.type === 'auto' && this.pool.pending().length > 0) await this.mineBlocks(1)
    })
  }

  /**
   * Wall-clock ms when the next interval block is due (undefined unless interval mining is on).
   * Core has no timers: a host that has them schedules a wake-up for this time and calls `tick()`.
   */
  nextIntervalBlockAt(): number | undefined {
    const mode = this.settings.mining
    if (mode.type !== 'interval') return undefined
    const { lastIntervalBlockAt: last, nextIntervalBlockAt: next } = this.settings
    return next ?? (last ?? this.clock.now()) + mode.minMs
  }

  /** Interval mining without timers: blocks owed since the last one are mined when the node is next called. */
  tick(): Promise<void> {
    if (this.settings.mining.type !== 'interval') return Promise.resolve()
    return this.mutex.run(() => this.#catchUpInterval())
  }

  /**
   * Mines every interval block due by now (at most MAX_INTERVAL_CATCH_UP per call), each stamped
   * with its due time, and draws the next due time.
   */
  async #catchUpInterval(): Promise<void> {
    const mode = this.settings.mining
    if (mode.type !== 'interval') return
    const now = this.clock.now()
    let last = this.settings.lastIntervalBlockAt ?? now
    let due = this.settings.nextIntervalBlockAt ?? last + this.#drawInterval(mode)
    if (due > now && due === this.settings.nextIntervalBlockAt) return
    // The blocks owed, each stamped with its due time, mined as one run (batched while empty).
    const stamps: bigint[] = []
    for (; due <= now && stamps.length < MAX_INTERVAL_CATCH_UP; due = last + this.#drawInterval(mode)) {
      stamps.push(BigInt(Math.floor(due / 1000)) + this.time.state.offsetSeconds)
      last = due
    }
    let next = 0
    await this.mineRun(stamps.length, (parent) => {
      const at = stamps[next++] as bigint
      if (at > parent.header.timestamp) this.time.setNextBlockTimestamp(at, { keepClock: true })
    })
    this.settings.lastIntervalBlockAt = last
    this.settings.nextIntervalBlockAt = due
    await this.saveSettings()
  }

  /** The wait before the next interval block: fixed, or uniform in Hardhat's `[min, max]` range. */
  #drawInterval(mode: { minMs: number; maxMs: number }): number {
    const span = mode.maxMs - mode.minMs
    if (span <= 0) return mode.minMs
    const bytes = this.#random(6)
    let draw = 0
    for (const byte of bytes) draw = draw * 256 + byte
    return mode.minMs + (draw % (span + 1))
  }

  async mineBlocks(count: number): Promise<StoredBlock[]> {
    const mined: StoredBlock[] = []
    for (let i = 0; i < count; i++) mined.push(await this.#mineOne())
    return mined
  }

  /**
   * Mines `count` blocks: while the pool has nothing pending, in batches of empty blocks committed
   * together (emptyBlockRun.ts), else one block at a time. `beforeBlock` runs before each block is
   * built, with its parent (a run with an interval pins its timestamp there). Callers hold the mutex.
   */
  async mineRun(count: number, beforeBlock?: (parent: StoredBlock) => void): Promise<void> {
    for (let done = 0; done < count; ) {
      // Blocks with transactions (the pool's or the federation's) are mined one at a time.
      if (this.pool.pending().length > 0 || this.#bridgeBusy()) {
        beforeBlock?.(this.head)
        await this.mineBlocks(1)
        done++
        continue
      }
      const n = Math.min(EMPTY_RUN_BATCH, count - done)
      await mineEmptyRun(this, { count: n, beforeBlock })
      done += n
    }
  }

  // The commit steps both paths share (`commitBlock` and a run of empty blocks, EmptyRunHost).
  commitState(): ReturnType<EmptyRunHost['commitState']> {
    return this.state.commit({ forBlock: true })
  }

  /**
   * Writes a commit's batch; the state's trie nodes are then stored. A chain of the previous
   * layout sheds some of its old records with each batch (legacyLayout.ts).
   */
  async batch(ops: KvOperation[]): Promise<void> {
    const legacy = await this.legacyLayout.nextDeletes()
    await this.kv.batch(legacy.length > 0 ? [...ops, ...legacy] : ops)
    this.state.nodes.saved()
  }

  /** After a failed commit: the state as stored. */
  async reloadState(): Promise<void> {
    this.state = await WorldState.load(this.kv, {
      fallback: this.fork,
      headState: stateOf(this.head),
    })
  }

  announce(block: StoredBlock): void {
    this.emit({ type: 'block', block })
  }

  /** RSKIP110 fork detection data for the child of `parent` (empty below block 449). */
  async #forkDetectionData(
    parent: StoredBlock,
    unstored?: (n: bigint) => StoredBlock | undefined,
  ): Promise<Uint8Array | undefined> {
    const ancestors = forkDetectionAncestors(parent.header.number)
    const { commitToParents, uncleCounts } = ancestors
    if (commitToParents.length === 0) return undefined
    // A fork's blocks up to its fork block are the upstream's, whose Bitcoin headers we do not
    // hold: the data starts once every ancestor it names is ours.
    const forkBlock = this.fork?.point.blockNumber
    if (forkBlock !== undefined && [...commitToParents, ...uncleCounts].some((n) => n <= forkBlock))
      return undefined
    // The ancestors are almost always in the reader's cache: then nothing awaits, the cache
    // cannot change before they are read, and no copy is made.
    const cached = (n: bigint) => unstored?.(n) ?? this.reader.cachedBlock(n)
    if (commitToParents.every(cached) && uncleCounts.every(cached)) {
      return forkDetectionDataOf(parent.header.number, ancestors, (n) => cached(n)!.header)
    }
    // Otherwise every ancestor is held here: a storage read (or a concurrent request) may evict
    // from the reader's bounded caches a block that was cached a moment before.
    const held = new Map<bigint, StoredBlock>()
    for (const list of [commitToParents, uncleCounts]) {
      for (const n of list) {
        if (held.has(n)) continue
        const block = cached(n) ?? (await this.reader.blockByNumber(n))
        if (!block) throw new Error(`fork detection data needs block ${n}, which is missing`)
        held.set(n, block)
      }
    }
    return forkDetectionDataOf(parent.header.number, ancestors, (n) => held.get(n)!.header)
  }

  async #mineOne(): Promise<StoredBlock> {
    await this.#followBitcoin()
    const params = await this.nextBlockParameters(true)
    const executed = await this.execute(params)
    return this.commitBlock(executed, (stateRoot) => sealBlock(params, executed, stateRoot))
  }

  /**
   * A simulated Bitcoin chain that follows the RSK chain (`btc_setMining`) gets its block before
   * the RSK block that is due one: an edit committed first, so the block's replays start from it.
   */
  async #followBitcoin(): Promise<void> {
    if (this.fork) return
    const writes = followRskWrites(this.network.name, this.state, this.head.header.number + 1n)
    if (!writes) return
    await this.commitEdit(bitcoinSlotsDiff(this.state, writes))
  }

  /**
   * Commits a change to the latest state without a block (a dev edit, the Bitcoin chain's slots)
   * and writes it; callers hold the mutex. The batch is all or nothing: when it fails, memory goes
   * back to what is stored, nodes the commit emitted (and took for stored) included.
   */
  async commitEdit(diff: StateDiff): Promise<void> {
    try {
      this.state.applyDiff(diff)
      await this.batch((await this.state.commit()).writes)
    } catch (error) {
      await this.reloadState()
      throw error
    }
  }

  /**
   * The simulated federation's transactions for the next block. A forked node has none: its
   * Bridge and system accounts are the upstream's, and their storage is not the simulation's.
   */
  #federation(blockNumber: bigint) {
    return this.fork ? [] : federationTransactions(this.network, this.state, blockNumber)
  }

  /** Whether the next blocks must be mined one at a time for the peg: the federation has work. */
  #bridgeBusy(): boolean {
    if (this.fork) return false
    return (
      pegoutsInFlight(this.network, this.state) ||
      bitcoinMiningSettings(this.state).followRskEvery > 0 ||
      this.#federation(this.head.header.number + 1n).length > 0
    )
  }

  /** Runs a block's transactions; over a fork, fetching the upstream state they reach first. */
  execute(params: BuildBlockParameters): ExecutedBlock | Promise<ExecutedBlock> {
    return this.fork ? this.fork.runSpeculatively(() => executeBlock(params)) : executeBlock(params)
  }

  /**
   * What the next block on the head is built from. `consumeTimestamp` takes a pinned next-block
   * timestamp (the block is being mined); external-mining templates only peek at it. A run of
   * empty blocks builds on blocks it has sealed but not yet written: `onto` names that parent,
   * its Bitcoin header hash, and where fork detection finds those blocks.
   */
  async nextBlockParameters(consumeTimestamp: boolean, onto?: UnstoredParent): Promise<BuildBlockParameters> {
    const parent = onto?.parent ?? this.head
    const forkDetectionData = await this.#forkDetectionData(parent, onto?.unstored)
    return withBlockOverrides(this, {
      forkDetectionData,
      network: this.network,
      parent,
      state: this.state,
      candidates: onto
        ? []
        : [
            // The simulated federation's transactions come first, as a federator node's would.
            ...this.#federation(parent.header.number + 1n),
            ...this.pool.pending().map((p) => ({ tx: p.tx, sender: p.sender })),
          ],
      timestamp: consumeTimestamp
        ? this.time.nextBlockTimestamp(parent.header.timestamp)
        : this.time.peekNextBlockTimestamp(parent.header.timestamp),
      coinbase: this.network.minerCoinbase,
      parentBitcoinHash: onto?.parentBitcoinHash ?? this.parentBitcoinHash,
      getBlockHash: (n) => this.reader.cachedHash(n),
      precompiles: this.#precompiles,
      mergedMiningFillers: this.settings.mergedMiningFillers,
    })
  }

  /**
   * Commits a block executed on the head in one atomic batch; `seal` completes it once the state
   * root is known (the built-in miner mines it, an external submission supplies its fields), and
   * must validate it. Callers hold the mutex. The one commit path of every block.
   */
  async commitBlock(
    executed: ExecutedBlock,
    seal: (stateRoot: Uint8Array) => SealedBlock,
  ): Promise<StoredBlock> {
    let stateWrites: KvOperation[]
    let sealed: SealedBlock
    try {
      // Dev edits since the head was mined (anvil_setBalance…) are part of what the block ran on.
      const baseStateRoot = this.state.stateRoot
      const baseStateAt = this.state.stateAt
      this.state.applyDiff(executed.diff)
      const committed = await this.state.commit({ forBlock: true })
      stateWrites = committed.writes
      sealed = seal(committed.stateRoot)
      const rebased = !equalBytes(baseStateRoot, this.head.header.stateRoot)
      if (rebased) sealed.block.baseStateRoot = baseStateRoot
      locateState(sealed.block, committed.stateAt, rebased ? baseStateAt : 0)
      const ops: KvOperation[] = [...stateWrites, ...this.blockWrites(sealed.block)]
      const { number, logsBloom } = sealed.block.header
      ops.push(...(await logSectionWrites(number, logsBloom, this.reader)))
      const mined: string[] = []
      for (const tx of sealed.block.transactions) {
        const hashHex = bytesToUnprefixedHex(tx.hash)
        if (!this.storedPool.has(hashHex)) continue
        ops.push({ type: 'delete', key: keys.pooled(hashHex) })
        mined.push(hashHex)
      }
      await this.batch(ops)
      for (const hashHex of mined) this.storedPool.delete(hashHex)
    } catch (error) {
      // The batch is all or nothing: storage is still at `parent`; bring memory back to it too.
      await this.reloadState()
      throw error
    }
    const { block } = sealed
    this.reader.head = block
    this.reader.remember(block)
    this.parentBitcoinHash = sealed.bitcoinHash
    const included: PooledTransaction[] = []
    for (const tx of block.transactions) {
      const entry = this.pool.get(bytesToHex(tx.hash))
      if (entry) included.push(entry.tx)
    }
    for (const r of executed.rejected) this.pool.drop(bytesToHex(r.tx.hash))
    this.pool.onBlock(included, (sender) => this.state.getAccount(sender)?.nonce ?? 0n)
    this.emit({ type: 'block', block })
    return block
  }

  blockWrites(block: StoredBlock): KvOperation[] {
    const n = block.header.number
    const ops: KvOperation[] = [
      // The record carries the header, so its bloom and its being the head need no keys.
      { type: 'put', key: keys.block(n), value: encodeBlockRecord(block) },
      {
        type: 'put',
        key: keys.blockHash(block.hashHex),
        value: hexToBytes(n.toString(16).padStart(12, '0')),
      },
    ]
    block.transactions.forEach((tx, index) => {
      ops.push({
        type: 'put',
        key: keys.transaction(bytesToUnprefixedHex(tx.hash)),
        value: encodeLocation({ blockNumber: n, index }),
      })
    })
    return ops
  }

  async saveSettings(): Promise<void> {
    this.settings.time = this.time.state
    await this.kv.put(keys.settings, encodeSettings(this.settings))
  }

  async saveFilters(): Promise<void> {
    await this.kv.put(keys.filters, this.encodedFilters())
  }

  /** Entries `eth_getFilterChanges` would return now, counted without polling (the panel's view). */
  waitingChanges(filter: FilterRecord<LogView>): Promise<number> {
    return waitingChanges(this, filter)
  }

  encodedFilters(): Uint8Array {
    return new TextEncoder().encode(JSON.stringify(this.filters.list(), replaceBigints))
  }

  encodedSettings(): Uint8Array {
    this.settings.time = this.time.state
    return encodeSettings(this.settings)
  }

  /** The pool as stored (`p:` records), replacing the one in memory: at open and after a load. */
  /** Reads the stored pool (or takes the rows opening read with everything else) into memory. */
  async restorePool(pooled?: Array<[string, Uint8Array]>): Promise<void> {
    const rows = pooled ?? (await this.kv.range({ gte: keys.pooledPrefix, lt: keys.pooledEnd }))
    // Recovering the senders may need the pure-JS curve (before libsecp256k1 has loaded).
    if (rows.length > 0) await loadCurves()
    this.pool.clear()
    this.storedPool.clear()
    for (const [key, raw] of rows) {
      this.storedPool.add(key.slice(keys.pooledPrefix.length))
      try {
        const tx = decodeTransaction(raw)
        // An impersonated transaction carries no real signature: its sender is its `r`.
        const sender = isImpersonatedEncoding(tx) ? impersonatedSender(tx) : transactionSender(tx)
        if (!sender) continue
        const account = this.state.getAccount(sender)
        this.pool.add(poolEntry(tx, sender), {
          account: account && { nonce: account.nonce, balance: account.balance },
          blockGasLimit: this.head.header.gasLimit,
          minimumGasPrice: 0n,
          intrinsicGas: 0n,
          accountSlots: undefined,
        })
        // Announced again: a pending-transaction filter may not have polled it before the restart.
        this.arrivals.add(tx.hash)
      } catch {
        // A pooled transaction the new state no longer admits (mined elsewhere, nonce passed) is dropped.
      }
    }
  }

  /**
   * The `pending` block: the pool's pending transactions run on top of the head, not mined.
   * RSKj shows it with null number, hash, bloom and miner; its stateRoot here is the head's,
   * since computing a root would mean committing state that is then thrown away.
   */
  async pendingBlock(): Promise<(full: boolean) => BlockView> {
    const params = this.#pendingBlockParameters()
    // through `execute`, so a forked node fetches what the pending transactions read
    const executed = await this.execute(params)
    return (full) => pendingBlockView(params.parent, executed, this.network, full)
  }

  /**
   * What a transaction sent now would see of its block: number head+1, the timestamp the next
   * block will get (a pinned one or the clock's), the next block's coinbase and gas limit. The
   * context of `eth_call` and `eth_estimateGas` on `pending`, so an estimate is exact for the
   * block the transaction is mined in.
   */
  pendingBlockEnv(): BlockEnv {
    return nextBlockEnv(this.#pendingBlockParameters())
  }

  #pendingBlockParameters(): BuildBlockParameters {
    const parent = this.head
    return withBlockOverrides(this, {
      network: this.network,
      parent,
      state: this.state,
      candidates: this.pool.pending().map((p) => ({ tx: p.tx, sender: p.sender })),
      timestamp: this.time.peekNextBlockTimestamp(parent.header.timestamp),
      coinbase: this.network.minerCoinbase,
      parentBitcoinHash: this.parentBitcoinHash,
      getBlockHash: (n) => this.reader.cachedHash(n),
      precompiles: this.#precompiles,
      mergedMiningFillers: this.settings.mergedMiningFillers,
    })
  }

  /** Logs of blocks `from..to` as they were, for filters that must report them removed. */
  static removedLogs(blocks: StoredBlock[]): LogView[] {
    return blocks.flatMap((b) => blockLogs(b).map((l) => ({ ...l, removed: true })))
  }

  get random(): (length: number) => Uint8Array {
    return this.#random
  }
}

/** A pool entry for a transaction whose sender is known. */
export function poolEntry(tx: SignedTransaction, sender: Address): PooledTransaction {
  return {
    tx,
    hash: bytesToHex(tx.hash),
    sender,
    nonce: tx.nonce,
    gasPrice: tx.gasPrice,
    gasLimit: tx.gasLimit,
    value: tx.value,
    size: tx.raw.length,
    initCodeSize: tx.to === undefined ? tx.data.length : 0,
  }
}

/** The Bitcoin header hash of a block's merged-mining proof: the next block's Bitcoin parent. */
export function bitcoinHashOf(block: StoredBlock): Uint8Array {
  const header = block.header.bitcoinMergedMiningHeader
  return header.length === 80 ? bitcoinHeaderHash(header) : new Uint8Array(32)
}

function replaceBigints(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { $n: value.toString() }
  if (value instanceof Uint8Array) return { $b: bytesToHex(value) }
  return value
}

function reviveBigints(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    const v = value as Record<string, unknown>
    if (typeof v.$n === 'string' && Object.keys(v).length === 1) return BigInt(v.$n)
    if (typeof v.$b === 'string' && Object.keys(v).length === 1) return hexToBytes(v.$b)
  }
  return value
}
