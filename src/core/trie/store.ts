/**
 * Where trie nodes come from: a bounded in-memory cache of encoded nodes, filled on demand by an
 * async loader (normally a `KeyValueStore`). The trie never writes to storage itself: a commit
 * hands its new nodes to the caller, who writes them in its own atomic batch, and adds them here
 * so they are readable at once.
 *
 * Over a store that answers synchronously (the memory store) nothing is cached: committed nodes
 * are kept only until their owner says they are saved, and every other read goes to the store.
 * A cache there would only be a second copy whose evicted entries, having lived through several
 * young-generation collections, end up as old-generation garbage: ~12 MiB of peak memory over
 * 5,000 blocks.
 */
import type { KeyValueStore } from '../storage/types.js'
import { bytesToHex, bytesToUnprefixedHex, equalBytes } from '../util/hex.js'
import { keccak256 } from './keccak.js'
import {
  decodePackedNodes,
  decodeTrieNodeRecord,
  findPackedNode,
  type PackedTrieNode,
  packedNodesKey,
  type TrieNodeEntry,
} from './packedNodes.js'

/** Reads the node with `hash` stored at `at`: the nodes read with it (a packed record's all). */
export type TrieNodeLoader = (hash: Uint8Array, at: number) => Promise<PackedTrieNode[] | undefined>

/** Storage key of a root (or of any node of the previous layout): `t:` + 64 hex digits of its hash. */
export function trieNodeKey(hash: Uint8Array): string {
  return `t:${bytesToUnprefixedHex(hash)}`
}

/** A loader of the nodes written by `WorldState` (packedNodes.ts), and of the previous layout. */
export function kvTrieNodeLoader(kv: KeyValueStore): TrieNodeLoader {
  return async (hash, at) => {
    if (at === 0) {
      const value = await kv.get(trieNodeKey(hash))
      return value && [{ hash, ...decodeTrieNodeRecord(value) }]
    }
    const record = await kv.get(packedNodesKey(at))
    return record && decodePackedNodes(record, at)
  }
}

/** Reads a node at once from a store that answers synchronously (`getSync`). */
export type SyncTrieNodeLoader = (hash: Uint8Array, at: number) => TrieNodeEntry | undefined

/** The nodes and loaders of a `KeyValueStore`: synchronous too when the store is. */
export function kvTrieNodeLoaders(kv: KeyValueStore): Pick<TrieNodeStoreParameters, 'loader' | 'syncLoader'> {
  const { getSync } = kv
  return {
    loader: kvTrieNodeLoader(kv),
    syncLoader: getSync
      ? (hash, at) => {
          if (at === 0) {
            const value = getSync.call(kv, trieNodeKey(hash))
            return value && decodeTrieNodeRecord(value)
          }
          const record = getSync.call(kv, packedNodesKey(at))
          return record && findPackedNode(record, at, hash)
        }
      : undefined,
  }
}

/** Thrown by synchronous trie reads when a node on the path is not in memory yet. */
export class MissingTrieNodeError extends Error {
  static code = -32603
  override name = 'MissingTrieNodeError'
  readonly hash: Uint8Array
  /** Where the node lies (`NodeMemo.at`), for loading it. */
  readonly at: number
  constructor(hash: Uint8Array, at = 0, reason = 'not loaded') {
    super(`trie node ${bytesToHex(hash)} ${reason}`)
    this.hash = hash
    this.at = at
  }
}

export interface TrieNodeStoreParameters {
  loader?: TrieNodeLoader
  /**
   * Encoded nodes kept in memory (roughly; the least recently used are dropped). Default 20,000
   * (~10 MB) with a loader: the latest trie keeps its own decoded nodes, so this serves recent
   * historical reads and re-opened roots. Unbounded without a loader, where it is the only copy.
   */
  maxCachedNodes?: number
  /**
   * Reads what is not in memory at once (a store in memory): then nothing is cached and
   * `maxCachedNodes` does not apply; committed nodes are kept until `saved()`.
   */
  syncLoader?: SyncTrieNodeLoader
}

/**
 * The cache key of a hash: its 32 bytes as 16 UTF-16 code units. Four times shorter than hex and
 * cheaper to build, which matters because every committed node passes through here.
 */
function cacheKey(hash: Uint8Array): string {
  const codes = new Array<number>(hash.length >> 1)
  for (let i = 0; i < codes.length; i++)
    codes[i] = ((hash[2 * i] as number) << 8) | (hash[2 * i + 1] as number)
  return String.fromCharCode(...codes)
}

export class TrieNodeStore {
  private readonly loader: TrieNodeLoader | undefined
  private readonly syncLoader: SyncTrieNodeLoader | undefined
  private readonly generationSize: number
  /** A scratch store's base: read through, never written (`scratch()`). */
  private readonly base: TrieNodeStore | undefined
  // Two generations instead of an LRU list: new nodes go to `young`; when it is full it becomes
  // `old` and the previous `old` is dropped. Every operation is O(1) and a node read from `old` is
  // moved back to `young`, so hot nodes survive.
  private young = new Map<string, TrieNodeEntry>()
  private old = new Map<string, TrieNodeEntry>()
  /** With a `syncLoader`: nodes added since the last `saved()`, not in the store yet. */
  private unsaved = new Map<string, TrieNodeEntry>()

  constructor({ loader, syncLoader, maxCachedNodes }: TrieNodeStoreParameters = {}, base?: TrieNodeStore) {
    this.loader = loader
    this.syncLoader = syncLoader
    this.base = base
    // Without a loader the cache is the only copy of the nodes, so it must keep them all.
    const max = maxCachedNodes ?? (loader ? 20_000 : Number.POSITIVE_INFINITY)
    this.generationSize = Math.max(1, Math.ceil(max / 2))
  }

  /**
   * A store for a state that is computed and thrown away (a block template): it reads this one's
   * nodes, and keeps what it commits to itself. Its nodes never reach storage, so the locations
   * they were given must not be taken for stored ones by the state that does write.
   */
  scratch(): TrieNodeStore {
    return new TrieNodeStore({}, this)
  }

  get size(): number {
    return this.young.size + this.old.size + this.unsaved.size
  }

  /**
   * The node if it can be had synchronously: from the cache, or from a store in memory. `at` is
   * where it lies in storage; any stored copy of a hash is the same node.
   */
  getCached(hash: Uint8Array, at = 0): TrieNodeEntry | undefined {
    const key = cacheKey(hash)
    if (this.syncLoader) return this.unsaved.get(key) ?? this.syncLoader(hash, at)
    const young = this.young.get(key)
    if (young) return young
    const old = this.old.get(key)
    if (old) this.insert(key, old)
    return old ?? this.base?.getCached(hash, at)
  }

  add(hash: Uint8Array, encoded: Uint8Array, childAt?: readonly number[]): void {
    const key = cacheKey(hash)
    const entry = { encoded, childAt }
    if (this.syncLoader) this.unsaved.set(key, entry)
    else if (!this.young.has(key)) this.insert(key, entry)
  }

  /**
   * The owner has written every node added so far to the store (its block's batch landed), or
   * dropped them (a scratch state). Over a store that reads synchronously they are let go here;
   * with an async loader the cache keeps its recent nodes anyway.
   */
  saved(): void {
    if (this.unsaved.size > 0) this.unsaved = new Map()
  }

  private insert(key: string, entry: TrieNodeEntry): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young
      this.young = new Map()
    }
    this.young.set(key, entry)
  }

  /** Adds nodes whose hash is not known yet (e.g. the nodes of a proof). */
  addEncoded(nodes: Iterable<Uint8Array>): void {
    for (const encoded of nodes) this.add(keccak256(encoded), encoded)
  }

  /** The node from memory or the loader; throws `MissingTrieNodeError` when neither has it. */
  async load(hash: Uint8Array, at = 0): Promise<TrieNodeEntry> {
    const cached = this.getCached(hash, at)
    if (cached) return cached
    if (this.base) return this.base.load(hash, at)
    const loaded = this.loader ? await this.loader(hash, at) : undefined
    const found = loaded?.find((node) => equalBytes(node.hash, hash))
    if (!loaded || !found) throw new MissingTrieNodeError(hash, at, 'not found in storage')
    // Over a synchronous store the node is already in memory there. Otherwise the nodes read with
    // it (its packed record's) are kept too, as a read down a path needs them next, unless they
    // would crowd out what is cached; the node asked for goes in last, so that the rerun of the
    // read that missed it finds it whatever the record's size.
    if (!this.syncLoader) {
      if (loaded.length <= this.generationSize / 4)
        for (const node of loaded) if (node !== found) this.add(node.hash, node.encoded, node.childAt)
      this.add(found.hash, found.encoded, found.childAt)
    }
    return found
  }
}
