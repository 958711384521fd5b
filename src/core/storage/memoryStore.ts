/**
 * In-memory `KeyValueStore`: a Map for values plus a sorted key array for range scans, so a range
 * costs O(log n + k) rather than a sort per call. Used by tests, the library's default and the
 * HTTP server's ephemeral mode, so it stays fast.
 */
import type { KeyValueStore, KvOperation, KvRange } from './types.js'
import { validateOperations } from './validate.js'

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

export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, Uint8Array>()
  const keys: string[] = []
  let closed = false

  const assertOpen = () => {
    if (closed) throw new Error('the store is closed')
  }
  const putOne = (key: string, value: Uint8Array) => {
    if (!values.has(key)) keys.splice(lowerBound(keys, key), 0, key)
    // Copies keep the stored bytes safe from callers that reuse their buffers.
    values.set(key, value.slice())
  }
  const deleteOne = (key: string) => {
    if (!values.delete(key)) return
    keys.splice(lowerBound(keys, key), 1)
  }

  return {
    async get(key) {
      assertOpen()
      return values.get(key)?.slice()
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
      const start = gte === undefined ? 0 : lowerBound(keys, gte)
      const end = lt === undefined ? keys.length : lowerBound(keys, lt)
      const max = limit === undefined ? Number.POSITIVE_INFINITY : limit
      const out: Array<[string, Uint8Array]> = []
      if (reverse) {
        for (let i = end - 1; i >= start && out.length < max; i--) {
          const key = keys[i] as string
          out.push([key, (values.get(key) as Uint8Array).slice()])
        }
      } else {
        for (let i = start; i < end && out.length < max; i++) {
          const key = keys[i] as string
          out.push([key, (values.get(key) as Uint8Array).slice()])
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
