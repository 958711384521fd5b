/**
 * The latest world state, as the chain engine and the EVM use it.
 *
 * Reads are synchronous from flat maps (address → account, slots, code by hash), which is what
 * the EVM's `StateReader` needs. The EVM returns diffs; `applyDiff` folds them into the maps and
 * remembers what was touched, and `commit` updates the account trie and the storage tries of the
 * touched accounts only, returning the new root and every storage write (trie nodes, code, flat
 * records, key preimages) for the engine's atomic block batch. Nothing is written here.
 *
 * Start-up reads the flat records with range scans (no trie replay). Going back to an older block
 * (snapshot revert, reorg) is `resetToRoot`: it walks the difference between the two roots'
 * tries, skipping every shared subtree, so its cost follows what changed rather than the state size.
 */
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData, StateDiff, StateReader } from '../evm/types.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { initFastKeccak, isFastKeccakReady, keccak256 } from '../trie/keccak.js'
import { SecureMerklePatriciaTrie } from '../trie/secure.js'
import { kvTrieNodeLoaders, TrieNodeStore } from '../trie/store.js'
import type { TrieRoot } from '../trie/trie.js'
import {
  type Address,
  bigintToBytes,
  bytesToHex,
  bytesToUnprefixedHex,
  equalBytes,
  hexToBytes,
} from '../util/hex.js'
import {
  encodeAccount,
  encodeFlatAccount,
  encodeStorageValue,
  type StateAccount,
  slotKey,
} from './account.js'
import { UnflushedFlatState } from './flatDeltas.js'
import type { FlatState } from './flatState.js'
import { HistoricalStateReader } from './historicalReader.js'
import { HistoricalState } from './history.js'
import { codeKey, FLAT_ROOT_KEY, flatAccountKey, flatStorageKey, preimageKey } from './keys.js'
import { encodeRootLocation, loadFlatState } from './load.js'
import { CommitNodeWrites, highestPackedSeq } from './nodeWrites.js'
import { moveFlatState } from './reset.js'

export type { FlatState }

export interface WorldStateParameters {
  /** Backing storage for trie nodes, code and preimages not in memory; none for a memory-only state. */
  kv?: KeyValueStore
  /** Shared node cache; a new one over `kv` when omitted. */
  nodes?: TrieNodeStore
  /**
   * A forked node's state at its fork block: what is not local is read from it. With one, a slot
   * written to zero stays recorded as zero (it must hide the upstream's value).
   */
  fallback?: StateFallback
}

/** The state below a forked node's own: synchronous reads that may throw `StateNotReadyError`. */
export interface StateFallback extends StateReader {
  codeByHash(codeHash: Uint8Array): Uint8Array | undefined
}

export interface StateCommitResult {
  stateRoot: Uint8Array
  /** Where the root lies: what opens it again (`at`, `readerAt`, `resetToRoot`, block records). */
  stateAt: number
  /** Everything to write, in the engine's atomic batch for the block. */
  writes: KvOperation[]
}

/** What changed since the last commit for one address. */
interface PendingAccount {
  slots: Set<bigint>
  /** Storage was wiped (deletion or re-creation): start from an empty storage trie. */
  storageCleared: boolean
  /** The account was absent at the last commit, so its key preimage has not been recorded yet. */
  isNewAccount: boolean
  /** Slots that were unset at the last commit (their preimages are not recorded yet). */
  newSlots: Set<bigint>
}

export class WorldState implements StateReader {
  readonly nodes: TrieNodeStore
  readonly kv: KeyValueStore | undefined
  private flat: FlatState = { accounts: new Map(), storage: new Map(), codes: new Map() }
  private pending = new Map<Address, PendingAccount>()
  private newCodes = new Map<string, Uint8Array>()
  private accountTrie: SecureMerklePatriciaTrie
  private storageTries = new Map<Address, SecureMerklePatriciaTrie>()
  private committedRoot: Uint8Array = EMPTY_TRIE_ROOT
  private committedRootAt = 0
  /**
   * Whether storage holds a root record (`sr`). A block's commit writes none: the flat records
   * then describe the root in the head block's header, written in the same batch. Only a commit
   * without a block (a dev edit, a reset) records its root, and the next block's commit deletes it.
   */
  private rootRecorded = false
  /** The last packed node record's number (`nextCommitSeq`); read from storage on first use. */
  private commitSeq: number | undefined
  /** Flat changes carried by commit records, not yet rewritten into the flat records. */
  private unflushed = new UnflushedFlatState()
  private busy = false
  /** Without storage, key preimages are kept here so `resetToRoot` can still name what changed. */
  private readonly memoryPreimages: Map<string, Uint8Array> | undefined
  readonly fallback: StateFallback | undefined

  constructor({ kv, nodes, fallback }: WorldStateParameters = {}) {
    this.kv = kv
    this.fallback = fallback
    this.nodes = nodes ?? new TrieNodeStore(kv ? kvTrieNodeLoaders(kv) : {})
    this.accountTrie = new SecureMerklePatriciaTrie({ store: this.nodes })
    this.memoryPreimages = kv ? undefined : new Map()
  }

  /** Opens the latest state from the flat records in `kv` (an empty state for a new store). */
  static async load(
    kv: KeyValueStore,
    parameters: Omit<WorldStateParameters, 'kv'> & {
      /**
       * The head block's state root and where it lies: what the flat records describe when no
       * root is recorded.
       */
      headState?: TrieRoot | Promise<TrieRoot | undefined>
    } = {},
  ): Promise<WorldState> {
    const { headState, ...rest } = parameters
    const [{ root: recorded, flat, unflushed }, head] = await Promise.all([loadFlatState(kv), headState])
    const { root, at } = recorded ?? head ?? { root: EMPTY_TRIE_ROOT, at: 0 }
    const state = new WorldState({ ...rest, kv })
    state.flat = flat
    state.unflushed = unflushed
    state.committedRoot = root
    state.committedRootAt = at
    state.rootRecorded = recorded !== undefined
    state.accountTrie = new SecureMerklePatriciaTrie({ root, rootAt: at, store: state.nodes })
    return state
  }

  /**
   * Builds the state at `stateRoot` (lying at `stateAt`) from its tries (cost grows with the state
   * size; for recovery when the flat records are missing or stale). `writes` rewrite the flat
   * records to match.
   */
  static async loadFromRoot(
    stateRoot: Uint8Array,
    stateAt: number,
    kv: KeyValueStore,
    parameters: Omit<WorldStateParameters, 'kv'> = {},
  ): Promise<{ state: WorldState; writes: KvOperation[] }> {
    await initFastKeccak()
    const state = new WorldState({ ...parameters, kv })
    const { writes } = await state.resetToRoot(stateRoot, stateAt)
    return { state, writes }
  }

  /** Root of the last commit (or load / reset). */
  get stateRoot(): Uint8Array {
    return this.committedRoot
  }

  /** Where the root of the last commit (or load / reset) lies (`TrieRoot.at`). */
  get stateAt(): number {
    return this.committedRootAt
  }

  get hasPendingChanges(): boolean {
    return this.pending.size > 0
  }

  get accountCount(): number {
    return this.flat.accounts.size
  }

  getAccount(address: Address): AccountData | undefined {
    const account = this.flat.accounts.get(address)
    if (!account) return this.fallback?.getAccount(address)
    return { nonce: account.nonce, balance: account.balance, codeHash: account.codeHash }
  }

  getCode(address: Address): Uint8Array {
    const account = this.flat.accounts.get(address)
    if (!account) return this.fallback?.getCode(address) ?? new Uint8Array(0)
    if (equalBytes(account.codeHash, KECCAK256_EMPTY)) return new Uint8Array(0)
    return (
      this.flat.codes.get(bytesToUnprefixedHex(account.codeHash)) ??
      this.fallback?.codeByHash(account.codeHash) ??
      new Uint8Array(0)
    )
  }

  getStorage(address: Address, slot: bigint): bigint {
    const value = this.flat.storage.get(address)?.get(slot)
    if (value !== undefined) return value
    return this.fallback?.getStorage(address, slot) ?? 0n
  }

  /** Storage root as of the last commit (EMPTY_TRIE_ROOT for an unknown account). */
  getStorageRoot(address: Address): Uint8Array {
    return this.flat.accounts.get(address)?.storageRoot ?? EMPTY_TRIE_ROOT
  }

  /**
   * A synchronous reader of a committed root (lying at `stateAt`) for the EVM; wrap the execution
   * in `runWithStateLoading` so cold trie nodes are loaded. Code comes from memory (all code is).
   */
  readerAt(stateRoot: Uint8Array, stateAt: number): HistoricalStateReader {
    return new HistoricalStateReader({ root: stateRoot, at: stateAt }, this.nodes, (hash) =>
      this.flat.codes.get(bytesToUnprefixedHex(hash)),
    )
  }

  /** Read access to any committed root, lying at `stateAt` (async; loads trie nodes on demand). */
  at(stateRoot: Uint8Array, stateAt: number): HistoricalState {
    return new HistoricalState(
      { root: stateRoot, at: stateAt },
      this.nodes,
      (hash) => this.loadCode(hash),
      this.fallback,
    )
  }

  applyDiff(diff: StateDiff): void {
    this.assertIdle('applyDiff')
    // Checked before anything changes, so a bad diff leaves the state as it was.
    for (const [address, change] of diff) {
      if (
        change.code !== undefined &&
        change.account &&
        !equalBytes(keccak256(change.code), change.account.codeHash)
      ) {
        throw new Error(`code set on ${address} does not hash to the account's codeHash`)
      }
    }
    for (const [address, change] of diff) {
      const pending = this.markPending(address)
      if (change.account === null) {
        this.clearStorage(address, pending)
        // Over a fork, a deleted account stays as an empty one so the upstream's does not show through.
        if (this.fallback)
          this.flat.accounts.set(address, {
            nonce: 0n,
            balance: 0n,
            codeHash: KECCAK256_EMPTY,
            storageRoot: EMPTY_TRIE_ROOT,
          })
        else this.flat.accounts.delete(address)
        continue
      }
      if (change.storageCleared) this.clearStorage(address, pending)
      if (change.code !== undefined) {
        const id = bytesToUnprefixedHex(change.account.codeHash)
        this.flat.codes.set(id, change.code)
        this.newCodes.set(id, change.code)
      }
      const previous = this.flat.accounts.get(address)
      this.flat.accounts.set(address, {
        nonce: change.account.nonce,
        balance: change.account.balance,
        codeHash: change.account.codeHash,
        storageRoot: previous?.storageRoot ?? EMPTY_TRIE_ROOT,
        storageAt: previous?.storageAt,
      })
      if (change.storage.size === 0) continue
      let slots = this.flat.storage.get(address)
      if (!slots) {
        slots = new Map()
        this.flat.storage.set(address, slots)
      }
      for (const [slot, value] of change.storage) {
        if (!pending.slots.has(slot) && !slots.has(slot)) pending.newSlots.add(slot)
        pending.slots.add(slot)
        if (value === 0n && !this.fallback) slots.delete(slot)
        else slots.set(slot, value)
      }
    }
  }

  /**
   * Folds the pending changes into the tries; returns the new root and the writes to persist.
   * `forBlock`: the writes go in the batch of a block whose header carries the root, so the root
   * is not recorded apart (one record less a block); otherwise it is (`sr`).
   */
  async commit({ forBlock = false }: { forBlock?: boolean } = {}): Promise<StateCommitResult> {
    this.assertIdle('commit')
    this.busy = true
    try {
      return await this.commitPending(forBlock)
    } finally {
      this.busy = false
    }
  }

  /** The root record's write (or its removal, for a block's commit) for a commit to `root`. */
  private rootRecordWrites(root: TrieRoot, forBlock: boolean, writes: KvOperation[]): void {
    if (!forBlock) writes.push({ type: 'put', key: FLAT_ROOT_KEY, value: encodeRootLocation(root) })
    else if (this.rootRecorded) writes.push({ type: 'delete', key: FLAT_ROOT_KEY })
    this.rootRecorded = !forBlock
  }

  /**
   * The number of this commit's packed node record: one above the highest in storage when first
   * asked, then counting up in memory, so a commit whose batch failed never shares its number
   * with one that landed while nodes it emitted are still cached.
   */
  private async nextCommitSeq(): Promise<number> {
    this.commitSeq = (await this.lastCommitSeq()) + 1
    return this.commitSeq
  }

  private async lastCommitSeq(): Promise<number> {
    this.commitSeq ??= this.kv ? await highestPackedSeq(this.kv) : 0
    return this.commitSeq
  }

  private async commitPending(forBlock: boolean): Promise<StateCommitResult> {
    if (!isFastKeccakReady()) await initFastKeccak()
    const writes: KvOperation[] = []
    // The flat records' changes: written now, or carried in the commit's record (flatDeltas.ts).
    const flatChanges: KvOperation[] = []
    // A commit with nothing pending (an empty block) writes nothing and takes no number, so that a
    // run of empty blocks committed once stores what mining them one at a time stores.
    const nodeWrites = new CommitNodeWrites(this.pending.size > 0 ? await this.nextCommitSeq() : 0)
    for (const [address, pending] of this.pending) {
      const account = this.flat.accounts.get(address)
      const storage = await this.commitStorage(address, pending, writes, flatChanges, nodeWrites)
      const addressBytes = hexToBytes(address)
      const hashedAddress = hashedAddressOf(address, addressBytes)
      if (!account) {
        await this.accountTrie.trie.delete(hashedAddress)
        this.storageTries.delete(address)
        flatChanges.push({ type: 'delete', key: flatAccountKey(address) })
        continue
      }
      if (storage) {
        account.storageRoot = storage.root
        account.storageAt = storage.rootAt
      }
      const encoded = encodeAccount(account)
      await this.accountTrie.trie.put(hashedAddress, encoded, account.storageAt ?? 0)
      flatChanges.push({
        type: 'put',
        key: flatAccountKey(address),
        value: encodeFlatAccount(account, encoded),
      })
      if (pending.isNewAccount) this.recordPreimage(hashedAddress, addressBytes, writes)
    }
    const { root, rootAt, nodes } = this.accountTrie.commit(nodeWrites.seq)
    nodeWrites.add(nodes, writes)
    if (flatChanges.length === 0) nodeWrites.finish(writes)
    else if (!this.kv || this.unflushed.rewriteDue(flatChanges)) {
      this.unflushed.add(flatChanges)
      writes.push(...this.unflushed.rewrite(nodeWrites.seq))
      nodeWrites.finish(writes)
    } else nodeWrites.finish(writes, this.unflushed.carry(flatChanges))
    for (const [id, code] of this.newCodes)
      writes.push({ type: 'put', key: codeKey(hexToBytes(id)), value: code })
    this.rootRecordWrites({ root, at: rootAt }, forBlock, writes)
    this.pending = new Map()
    this.newCodes = new Map()
    this.committedRoot = root
    this.committedRootAt = rootAt
    return { stateRoot: root, stateAt: rootAt, writes }
  }

  /**
   * Moves this state to `stateRoot` (older or newer), discarding uncommitted changes. `writes`
   * bring the flat records in storage to the new root; the engine puts them in the same batch as
   * its new head. The root's trie nodes must be readable (committed earlier, or in storage).
   */
  async resetToRoot(stateRoot: Uint8Array, stateAt: number): Promise<StateCommitResult> {
    this.assertIdle('resetToRoot')
    this.busy = true
    try {
      return await this.moveTo({ root: stateRoot, at: stateAt })
    } finally {
      this.busy = false
    }
  }

  private async moveTo(target: TrieRoot): Promise<StateCommitResult> {
    const stateRoot = target.root
    const moved = await moveFlatState({
      flat: this.flat,
      nodes: this.nodes,
      kv: this.kv,
      from: { root: this.committedRoot, at: this.committedRootAt },
      to: target,
      dirty: new Set(this.pending.keys()),
      memoryPreimages: this.memoryPreimages,
      loadCode: (hash) => this.loadCode(hash),
    })
    // The flat records take everything at once: the changes commit records carried, then the move;
    // and no commit record up to the highest is replayed again (a revert abandons those above).
    const writes = this.kv ? [...this.unflushed.rewrite(await this.lastCommitSeq()), ...moved] : moved
    this.rootRecordWrites(target, false, writes)
    this.pending.clear()
    this.newCodes.clear()
    this.storageTries.clear()
    this.accountTrie = new SecureMerklePatriciaTrie({ root: stateRoot, rootAt: target.at, store: this.nodes })
    this.committedRoot = stateRoot
    this.committedRootAt = target.at
    return { stateRoot, stateAt: target.at, writes }
  }

  /**
   * Applies the account's pending slots to its storage trie; returns the new storage root and
   * where it lies, or undefined when its storage was not touched (most touches only change
   * balance and nonce).
   */
  private async commitStorage(
    address: Address,
    pending: PendingAccount,
    writes: KvOperation[],
    flatChanges: KvOperation[],
    nodeWrites: CommitNodeWrites,
  ): Promise<{ root: Uint8Array; rootAt: number } | undefined> {
    if (!pending.storageCleared && pending.slots.size === 0) return undefined
    const storageTrie = this.storageTrieFor(address, pending.storageCleared)
    const slots = this.flat.storage.get(address)
    for (const slot of pending.slots) {
      const key = slotKey(slot)
      const hashedKey = hashedSlotOf(slot, key)
      const value = slots?.get(slot) ?? 0n
      const flatKey = flatStorageKey(address, slot)
      // Over a fork a zero is kept (its trie value is RLP(0)): it hides the upstream's value.
      if (value === 0n && !(this.fallback && slots?.has(slot))) {
        await storageTrie.trie.delete(hashedKey)
        flatChanges.push({ type: 'delete', key: flatKey })
      } else {
        await storageTrie.trie.put(hashedKey, encodeStorageValue(value))
        flatChanges.push({ type: 'put', key: flatKey, value: bigintToBytes(value) })
        if (pending.newSlots.has(slot)) this.recordPreimage(hashedKey, key, writes)
      }
    }
    if (slots && slots.size === 0) this.flat.storage.delete(address)
    const { root, rootAt, nodes } = storageTrie.commit(nodeWrites.seq)
    nodeWrites.add(nodes, writes)
    return { root, rootAt }
  }

  /** Every account with its code and storage, for dumps (anvil_dumpState) and inspection. */
  *entries(): Generator<
    [Address, StateAccount & { code: Uint8Array; storage: ReadonlyMap<bigint, bigint> }]
  > {
    for (const [address, account] of this.flat.accounts) {
      yield [
        address,
        { ...account, code: this.getCode(address), storage: this.flat.storage.get(address) ?? new Map() },
      ]
    }
  }

  /** commit and resetToRoot await storage; changing the state meanwhile would corrupt it. */
  private assertIdle(operation: string): void {
    if (this.busy) throw new Error(`WorldState.${operation} called while a commit or reset is in progress`)
  }

  private recordPreimage(hashedKey: Uint8Array, key: Uint8Array, writes: KvOperation[]): void {
    if (this.memoryPreimages) this.memoryPreimages.set(bytesToHex(hashedKey), key)
    else writes.push({ type: 'put', key: preimageKey(hashedKey), value: key })
  }

  private markPending(address: Address): PendingAccount {
    let pending = this.pending.get(address)
    if (!pending) {
      pending = {
        slots: new Set(),
        storageCleared: false,
        isNewAccount: !this.flat.accounts.has(address),
        newSlots: new Set(),
      }
      this.pending.set(address, pending)
    }
    return pending
  }

  private clearStorage(address: Address, pending: PendingAccount): void {
    pending.storageCleared = true
    const slots = this.flat.storage.get(address)
    // Listed so that commit deletes their flat records.
    if (slots) for (const slot of slots.keys()) pending.slots.add(slot)
    this.flat.storage.delete(address)
    const account = this.flat.accounts.get(address)
    if (account) {
      account.storageRoot = EMPTY_TRIE_ROOT
      account.storageAt = undefined
    }
  }

  private storageTrieFor(address: Address, cleared: boolean): SecureMerklePatriciaTrie {
    let trie = cleared ? undefined : this.storageTries.get(address)
    if (!trie) {
      const account = cleared ? undefined : this.flat.accounts.get(address)
      trie = new SecureMerklePatriciaTrie({
        root: account?.storageRoot ?? EMPTY_TRIE_ROOT,
        rootAt: account?.storageAt ?? 0,
        store: this.nodes,
      })
      this.storageTries.set(address, trie)
    }
    return trie
  }

  private async loadCode(codeHash: Uint8Array): Promise<Uint8Array> {
    if (equalBytes(codeHash, KECCAK256_EMPTY)) return new Uint8Array(0)
    const cached = this.flat.codes.get(bytesToUnprefixedHex(codeHash)) ?? this.fallback?.codeByHash(codeHash)
    if (cached) return cached
    const stored = await this.kv?.get(codeKey(codeHash))
    if (!stored) throw new Error(`code ${bytesToHex(codeHash)} not found`)
    return stored
  }
}

/**
 * Secure-trie keys of recently committed accounts and slots: the same senders, recipients,
 * REMASC and token balances are committed block after block. Bounded; copies are handed out.
 */
const HASHED_KEY_CACHE_SIZE = 4096
const hashedAddresses = new Map<string, Uint8Array>()
const hashedSlots = new Map<bigint, Uint8Array>()

function cachedHash<K>(cache: Map<K, Uint8Array>, id: K, preimage: Uint8Array): Uint8Array {
  let hash = cache.get(id)
  if (hash === undefined) {
    if (cache.size >= HASHED_KEY_CACHE_SIZE) cache.clear()
    hash = keccak256(preimage)
    cache.set(id, hash)
  }
  return hash.slice()
}

function hashedAddressOf(address: Address, addressBytes: Uint8Array): Uint8Array {
  return cachedHash(hashedAddresses, address, addressBytes)
}

function hashedSlotOf(slot: bigint, key: Uint8Array): Uint8Array {
  return cachedHash(hashedSlots, slot, key)
}
