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
import { bytesToHex, bytesToUnprefixedHex } from '../util/hex.js'
import { keccak256 } from './keccak.js'

export type TrieNodeLoader = (hash: Uint8Array) => Promise<Uint8Array | undefined>

/** Storage key of a trie node: `t:` + 64 lowercase hex digits of its keccak256 hash. */
export function trieNodeKey(hash: Uint8Array): string {
  return `t:${bytesToUnprefixedHex(hash)}`
}

/** A loader that reads nodes written under `trieNodeKey()`. */
export function kvTrieNodeLoader(kv: KeyValueStore): TrieNodeLoader {
  return (hash) => kv.get(trieNodeKey(hash))
}

/** Reads a node at once from a store that answers synchronously (`getSync`). */
export type SyncTrieNodeLoader = (hash: Uint8Array) => Uint8Array | undefined

/** The nodes and loaders of a `KeyValueStore`: synchronous too when the store is. */
export function kvTrieNodeLoaders(kv: KeyValueStore): Pick<TrieNodeStoreParameters, 'loader' | 'syncLoader'> {
  const { getSync } = kv
  return {
    loader: kvTrieNodeLoader(kv),
    syncLoader: getSync ? (hash) => getSync.call(kv, trieNodeKey(hash)) : undefined,
  }
}

/** Thrown by synchronous trie reads when a node on the path is not in memory yet. */
export class MissingTrieNodeError extends Error {
  static code = -32603
  override name = 'MissingTrieNodeError'
  readonly hash: Uint8Array
  constructor(hash: Uint8Array, reason = 'not loaded') {
    super(`trie node ${bytesToHex(hash)} ${reason}`)
    this.hash = hash
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
  // Two generations instead of an LRU list: new nodes go to `young`; when it is full it becomes
  // `old` and the previous `old` is dropped. Every operation is O(1) and a node read from `old` is
  // moved back to `young`, so hot nodes survive.
  private young = new Map<string, Uint8Array>()
  private old = new Map<string, Uint8Array>()
  /** With a `syncLoader`: nodes added since the last `saved()`, not in the store yet. */
  private unsaved = new Map<string, Uint8Array>()

  constructor({ loader, syncLoader, maxCachedNodes }: TrieNodeStoreParameters = {}) {
    this.loader = loader
    this.syncLoader = syncLoader
    // Without a loader the cache is the only copy of the nodes, so it must keep them all.
    const max = maxCachedNodes ?? (loader ? 20_000 : Number.POSITIVE_INFINITY)
    this.generationSize = Math.max(1, Math.ceil(max / 2))
  }

  get size(): number {
    return this.young.size + this.old.size + this.unsaved.size
  }

  /** The node if it can be had synchronously: from the cache, or from a store in memory. */
  getCached(hash: Uint8Array): Uint8Array | undefined {
    const key = cacheKey(hash)
    if (this.syncLoader) return this.unsaved.get(key) ?? this.syncLoader(hash)
    const young = this.young.get(key)
    if (young) return young
    const old = this.old.get(key)
    if (old) this.insert(key, old)
    return old
  }

  add(hash: Uint8Array, encoded: Uint8Array): void {
    const key = cacheKey(hash)
    if (this.syncLoader) this.unsaved.set(key, encoded)
    else if (!this.young.has(key)) this.insert(key, encoded)
  }

  /**
   * The owner has written every node added so far to the store (its block's batch landed), or
   * dropped them (a scratch state). Over a store that reads synchronously they are let go here;
   * with an async loader the cache keeps its recent nodes anyway.
   */
  saved(): void {
    if (this.unsaved.size > 0) this.unsaved = new Map()
  }

  private insert(key: string, encoded: Uint8Array): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young
      this.young = new Map()
    }
    this.young.set(key, encoded)
  }

  /** Adds nodes whose hash is not known yet (e.g. the nodes of a proof). */
  addEncoded(nodes: Iterable<Uint8Array>): void {
    for (const encoded of nodes) this.add(keccak256(encoded), encoded)
  }

  /** The node from memory or the loader; throws `MissingTrieNodeError` when neither has it. */
  async load(hash: Uint8Array): Promise<Uint8Array> {
    const cached = this.getCached(hash)
    if (cached) return cached
    const loaded = this.loader ? await this.loader(hash) : undefined
    if (!loaded) throw new MissingTrieNodeError(hash, 'not found in storage')
    // Over a synchronous store the node is already in memory there.
    if (!this.syncLoader) this.add(hash, loaded)
    return loaded
  }
}
