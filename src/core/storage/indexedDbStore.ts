/**
 * `KeyValueStore` over IndexedDB, built on `idb`. The `IDBFactory` (and `IDBKeyRange`) are
 * parameters, never globals, so the same code runs in the service worker, a page, and Node tests
 * on fake-indexeddb. One database per network, one object store, string keys, Uint8Array values.
 *
 * Durability: every write is a `readwrite` transaction with `durability: 'strict'` by default,
 * and resolves only when the transaction has completed — a block commit that resolved survives
 * the worker being killed the next instant.
 *
 * `idb` recognizes requests with `instanceof IDBRequest` (etc.) against the global IndexedDB
 * interfaces: browsers have them; Node tests load `fake-indexeddb/auto` for them.
 */
import { type IDBPDatabase, wrap } from 'idb'
import type { KeyValueStore, KvOperation, KvRange } from './types.js'
import { validateOperations } from './validate.js'

const OBJECT_STORE = 'kv'
const SCHEMA_VERSION = 1

export interface CreateIndexedDbStoreParameters {
  /** The IndexedDB factory: `self.indexedDB` in a worker, `new IDBFactory()` from fake-indexeddb in Node. */
  indexedDB: IDBFactory
  /** Database name, e.g. `rsk-devnode/testnet`. */
  name: string
  /** The matching key-range constructor; defaults to the global `IDBKeyRange`. */
  keyRange?: typeof IDBKeyRange
  /** Transaction durability hint for writes; `strict` flushes before completing. */
  durability?: IDBTransactionDurability
}

function toKeyRange(keyRange: typeof IDBKeyRange, { gte, lt }: KvRange): IDBKeyRange | null | 'empty' {
  if (gte !== undefined && lt !== undefined) {
    if (!(gte < lt)) return 'empty'
    return keyRange.bound(gte, lt, false, true)
  }
  if (gte !== undefined) return keyRange.lowerBound(gte)
  if (lt !== undefined) return keyRange.upperBound(lt, true)
  return null
}

function asBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value
  // Structured clone across realms can hand back a Uint8Array from another global.
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  throw new Error('the store holds a value that is not bytes')
}

export async function createIndexedDbStore({
  indexedDB: factory,
  name,
  keyRange = globalThis.IDBKeyRange,
  durability = 'strict',
}: CreateIndexedDbStoreParameters): Promise<KeyValueStore> {
  if (!keyRange) throw new Error('IDBKeyRange is not available here: pass keyRange with the IDBFactory')
  const request = factory.open(name, SCHEMA_VERSION)
  request.onupgradeneeded = () => {
    const db = request.result
    if (!db.objectStoreNames.contains(OBJECT_STORE)) db.createObjectStore(OBJECT_STORE)
  }
  const db = (await wrap(request)) as IDBPDatabase

  async function write(operations: readonly KvOperation[]): Promise<void> {
    validateOperations(operations)
    const tx = db.transaction(OBJECT_STORE, 'readwrite', { durability })
    const store = tx.objectStore(OBJECT_STORE)
    try {
      for (const op of operations) {
        // Requests are not awaited one by one: the transaction's completion is what counts.
        if (op.type === 'put') void store.put(op.value, op.key).catch(() => {})
        else void store.delete(op.key).catch(() => {})
      }
    } catch (e) {
      // A synchronous failure (e.g. DataError) must not leave the earlier operations committed.
      tx.abort()
      await tx.done.catch(() => {})
      throw e
    }
    await tx.done
  }

  return {
    async get(key) {
      const value = await db.get(OBJECT_STORE, key)
      return value === undefined ? undefined : asBytes(value)
    },
    put: (key, value) => write([{ type: 'put', key, value }]),
    delete: (key) => write([{ type: 'delete', key }]),
    async range(range) {
      const query = toKeyRange(keyRange, range)
      const limit = range.limit
      if (query === 'empty' || limit === 0) return []
      const tx = db.transaction(OBJECT_STORE, 'readonly')
      const store = tx.objectStore(OBJECT_STORE)
      const out: Array<[string, Uint8Array]> = []
      if (!range.reverse) {
        // getAllKeys + getAll in one transaction see the same snapshot and beat a cursor walk.
        const [keys, values] = await Promise.all([store.getAllKeys(query, limit), store.getAll(query, limit)])
        for (let i = 0; i < keys.length; i++) out.push([keys[i] as string, asBytes(values[i])])
        await tx.done
        return out
      }
      let cursor = await store.openCursor(query, 'prev')
      while (cursor && (limit === undefined || out.length < limit)) {
        out.push([cursor.key as string, asBytes(cursor.value)])
        cursor = await cursor.continue()
      }
      await tx.done
      return out
    },
    batch: (operations) => write(operations),
    async close() {
      db.close()
    },
  }
}
