/**
 * In-memory `KeyValueStore`: a Map for values plus a sorted key index for range scans. Writes
 * are O(1): new keys wait in a pending list and deletions only mark the index stale; the next
 * range merges the sorted pending keys in one O(n + p log p) pass. Random-key workloads (trie
 * nodes keyed by hash) therefore stay fast, and a range is a binary search plus the keys it returns.
 * Used by tests, the library's default and the HTTP server's ephemeral mode.
 *
 * Values live packed in shared slabs (see `ValueSlabs`), not one `Uint8Array` each: a chain holds
 * hundreds of thousands of small values (trie nodes, indexes) and a separate typed array, buffer
 * and backing store per value cost more than the bytes themselves.
 */
import type { KeyValueStore, KvOperation, KvRange } from './types.js'
import { validateOperations } from './validate.js'
import { ValueSlabs } from './valueSlabs.js'

/** First index whose key is >= `key` (keys compare by UTF-16 code unit, as IndexedDB does). */
function lowerBound(keys: string[], key: string): number {
  let lo = 0
  let hi = keys.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((keys[mid] as string) < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Callers build keys by concatenation (`prefix + hex`), which V8 keeps as a rope of cons cells;
 * reading a character flattens it in place, so the stored key costs its characters only.
 */
function flatKey(key: string): string {
  key.charCodeAt(0)
  return key
}

export function createMemoryStore(): KeyValueStore {
  /** Key → entry id in `slabs`. */
  const index = new Map<string, number>()
  const slabs = new ValueSlabs()
  /** Sorted; may hold deleted keys until the next compaction. */
  let sorted: string[] = []
  /** Keys added since the last compaction, unsorted, possibly repeated or already in `sorted`. */
  let pending: string[] = []
  let stale = false
  let closed = false

  const assertOpen = () => {
    if (closed) throw new Error('the store is closed')
  }
  const putOne = (key: string, value: Uint8Array) => {
    const id = index.get(key)
    // Writing copies the bytes into the slabs: callers may reuse their buffers.
    if (id !== undefined) {
      slabs.replace(id, value)
      return
    }
    const flat = flatKey(key)
    index.set(flat, slabs.add(value))
    pending.push(flat)
    stale = true
  }
  const deleteOne = (key: string) => {
    const id = index.get(key)
    if (id === undefined) return
    index.delete(key)
    slabs.remove(id)
    stale = true
  }
  const read = (key: string) => {
    const id = index.get(key)
    return id === undefined ? undefined : slabs.copy(id)
  }
  /** Merges pending keys into the index and drops deleted ones: one linear pass. */
  const compact = () => {
    if (!stale) return
    pending.sort(byCodeUnit)
    const merged: string[] = []
    let i = 0
    let j = 0
    while (i < sorted.length || j < pending.length) {
      const a = sorted[i]
      const b = pending[j]
      let next: string
      if (b === undefined || (a !== undefined && a <= b)) {
        next = a as string
        i++
      } else {
        next = b
        j++
      }
      if (index.has(next) && merged[merged.length - 1] !== next) merged.push(next)
    }
    sorted = merged
    pending = []
    stale = false
  }

  return {
    async get(key) {
      assertOpen()
      return read(key)
    },
    getSync(key) {
      assertOpen()
      return read(key)
    },
    async put(key, value) {
      assertOpen()
      validateOperations([{ type: 'put', key, value }])
      putOne(key, value)
    },
    async delete(key) {
      assertOpen()
      validateOperations([{ type: 'delete', key }])
      deleteOne(key)
    },
    async range({ gte, lt, reverse = false, limit }: KvRange) {
      assertOpen()
      compact()
      const keys = sorted
      const start = gte === undefined ? 0 : lowerBound(keys, gte)
      const end = lt === undefined ? keys.length : lowerBound(keys, lt)
      const max = limit === undefined ? Number.POSITIVE_INFINITY : limit
      const out: Array<[string, Uint8Array]> = []
      if (reverse) {
        for (let i = end - 1; i >= start && out.length < max; i--) {
          const key = keys[i] as string
          out.push([key, read(key) as Uint8Array])
        }
      } else {
        for (let i = start; i < end && out.length < max; i++) {
          const key = keys[i] as string
          out.push([key, read(key) as Uint8Array])
        }
      }
      return out
    },
    async batch(operations: KvOperation[]) {
      assertOpen()
      // Validate everything before touching anything: a batch applies whole or not at all.
      validateOperations(operations)
      for (const op of operations) {
        if (op.type === 'put') putOne(op.key, op.value)
        else deleteOne(op.key)
      }
    },
    async close() {
      closed = true
    },
  }
}
