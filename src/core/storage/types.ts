/**
 * The key-value contract every storage backend implements (memory, IndexedDB, on-disk for the
 * HTTP server). Keys are strings ordered by UTF-16 code unit (what IndexedDB and a sorted array
 * agree on); values are bytes. One store holds one network's chain: namespacing is the caller's.
 */

/**
 * Keys under this prefix belong to the program hosting the node (the extension's wallet keeps its
 * send intents there, so they commit with the blocks), not to the chain: chain dumps leave them
 * out, and loading a dump or resetting the chain keeps them.
 */
export const HOST_KEY_PREFIX = 'host:'

export interface KvRange {
  /** Inclusive lower bound. */
  gte?: string
  /** Exclusive upper bound. */
  lt?: string
  /** Newest-first when true. */
  reverse?: boolean
  limit?: number
}

export type KvOperation = { type: 'put'; key: string; value: Uint8Array } | { type: 'delete'; key: string }

export interface KeyValueStore {
  get(key: string): Promise<Uint8Array | undefined>
  /**
   * `get` answered at once, by stores that hold every value in memory (the memory store). Callers
   * read through it instead of keeping their own copies of what they read (the trie node cache).
   */
  getSync?(key: string): Uint8Array | undefined
  put(key: string, value: Uint8Array): Promise<void>
  delete(key: string): Promise<void>
  /** Entries in key order (or reverse) within the range. */
  range(range: KvRange): Promise<Array<[string, Uint8Array]>>
  /** All operations or none: the unit of durability for a committed block. */
  batch(operations: KvOperation[]): Promise<void>
  /**
   * Like `batch`, but starts no commit of its own: the operations are written atomically with the
   * next batch (or at close), and the promise resolves when that commit does. Reads see them at
   * once. For records that must be durable no later than what is written next (the wallet's send
   * intents); stores without it take `batch`.
   */
  stage?(operations: KvOperation[]): Promise<void>
  close(): Promise<void>
}
