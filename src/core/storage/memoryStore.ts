/**
 * In-memory `KeyValueStore`: a hash index of the keys plus their order for range scans (see
 * `KeyIndex`, which holds both outside the JS heap). Writes are O(1): new keys wait in a pending
 * list and the next range merges them in one O(n + p log p) pass. Random-key workloads (trie
 * nodes keyed by hash) therefore stay fast, and a range is a binary search plus the keys it returns.
 * Used by tests, the library's default and the HTTP server's ephemeral mode.
 *
 * Values live packed in shared slabs (see `ValueSlabs`), not one `Uint8Array` each: a chain holds
 * hundreds of thousands of small values (trie nodes, indexes) and a separate typed array, buffer
 * and backing store per value cost more than the bytes themselves.
 */

import { KeyIndex } from './keyIndex.js'
import type { KeyValueStore, KvOperation, KvRange } from './types.js'
import { validateOperations } from './validate.js'
import { ValueSlabs } from './valueSlabs.js'

export function createMemoryStore(): KeyValueStore {
  /** Key → entry id in `slabs`, with the key order for ranges. */
  const index = new KeyIndex()
  const slabs = new ValueSlabs()
  let closed = false

  const assertOpen = () => {
    if (closed) throw new Error('the store is closed')
  }
  const putOne = (key: string, value: Uint8Array) => {
    const id = index.get(key)
    // Writing copies the bytes into the slabs: callers may reuse their buffers.
    if (id !== undefined) slabs.replace(id, value)
    else index.set(key, slabs.add(value))
  }
  const deleteOne = (key: string) => {
    const id = index.delete(key)
    if (id !== undefined) slabs.remove(id)
  }
  const read = (key: string) => {
    const id = index.get(key)
    return id === undefined ? undefined : slabs.copy(id)
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
    async range(range: KvRange) {
      assertOpen()
      return index.range(range).map(([key, id]): [string, Uint8Array] => [key, slabs.copy(id)])
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
