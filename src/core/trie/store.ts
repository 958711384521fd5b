/**
 * Where trie nodes come from: a bounded in-memory cache of encoded nodes, filled on demand by an
 * async loader (normally a `KeyValueStore`). The trie never writes to storage itself: a commit
 * hands its new nodes to the caller, who writes them in its own atomic batch, and adds them here
 * so they are readable at once.
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
   * Encoded nodes kept in memory; the oldest are dropped first. Default 20,000 (~10 MB): the latest
   * trie keeps its own decoded nodes, so this serves recent historical reads and re-opened roots.
   */
  maxCachedNodes?: number
}

export class TrieNodeStore {
  private readonly cache = new Map<string, Uint8Array>()
  private readonly loader: TrieNodeLoader | undefined
  private readonly maxCachedNodes: number

  constructor({ loader, maxCachedNodes = 20_000 }: TrieNodeStoreParameters = {}) {
    this.loader = loader
    this.maxCachedNodes = maxCachedNodes
  }

  get size(): number {
    return this.cache.size
  }

  getCached(hash: Uint8Array): Uint8Array | undefined {
    return this.cache.get(bytesToUnprefixedHex(hash))
  }

  add(hash: Uint8Array, encoded: Uint8Array): void {
    const key = bytesToUnprefixedHex(hash)
    if (this.cache.has(key)) return
    if (this.cache.size >= this.maxCachedNodes) {
      // Insertion order makes this FIFO: the oldest entries are the least likely to be on a hot path
      // (the latest trie keeps its own decoded nodes and does not come back here for them).
      const oldest = this.cache.keys().next().value
      if (oldest !== undefined) this.cache.delete(oldest)
    }
    this.cache.set(key, encoded)
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
    this.add(hash, loaded)
    return loaded
  }
}
