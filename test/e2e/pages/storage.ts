/**
 * Test page: opens the node's IndexedDB store (src/core/storage) on the browser's real
 * IndexedDB and exposes its operations to the test, which drives the shared contract suite.
 */
import { createIndexedDbStore } from '../../../src/core/storage/indexedDbStore.js'
import type { KeyValueStore, KvOperation, KvRange } from '../../../src/core/storage/types.js'

type WireOperation =
  | { type: 'put'; key: string; value: unknown; bytes?: boolean }
  | { type: 'delete'; key: string }

const stores = new Map<number, KeyValueStore>()
let next = 1
const toWire = (value: Uint8Array | undefined) => (value === undefined ? null : Array.from(value))

const api = {
  async open(name: string): Promise<number> {
    const id = next++
    stores.set(id, await createIndexedDbStore({ indexedDB: window.indexedDB, name }))
    return id
  },
  async get(id: number, key: string) {
    return toWire(await stores.get(id)!.get(key))
  },
  async put(id: number, key: string, value: number[]) {
    await stores.get(id)!.put(key, Uint8Array.from(value))
  },
  async delete(id: number, key: string) {
    await stores.get(id)!.delete(key)
  },
  async range(id: number, range: KvRange) {
    return (await stores.get(id)!.range(range)).map(([k, v]) => [k, Array.from(v)] as [string, number[]])
  },
  async batch(id: number, operations: WireOperation[]) {
    const ops: KvOperation[] = operations.map((op) =>
      op.type === 'put'
        ? {
            type: 'put',
            key: op.key,
            value: (op.bytes ? Uint8Array.from(op.value as number[]) : op.value) as Uint8Array,
          }
        : op,
    )
    await stores.get(id)!.batch(ops)
  },
  async close(id: number) {
    await stores.get(id)?.close()
    stores.delete(id)
  },
}

;(window as unknown as { kvStore: typeof api }).kvStore = api
document.title = 'storage ready'
