/**
 * `KeyValueStore` over IndexedDB. The `IDBFactory` (and `IDBKeyRange`) are parameters, never
 * globals, so the same code runs in the service worker, a page, and Node tests on
 * fake-indexeddb. One database per network, one object store, string keys, Uint8Array values.
 *
 * Durability: a batch resolves only when the IndexedDB transaction holding it has completed
 * (`durability: 'strict'` by default), so a block commit that resolved survives the worker being
 * killed the next instant.
 *
 * Group commit: while one write transaction is in flight, the batches that arrive are queued and
 * then written together in the next transaction, each caller still waiting for that transaction's
 * `complete`. IndexedDB would run them one after the other anyway (same object store); merging
 * them pays the commit once for all. A merged transaction that fails is retried batch by batch,
 * so one bad batch never takes the others down with it.
 *
 * Raw IndexedDB requests rather than a promise wrapper: a block is ~20 puts, and a promise plus
 * two event listeners per request cost more than the puts themselves. Only the transaction's
 * outcome is awaited.
 */
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

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, SCHEMA_VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(OBJECT_STORE)) db.createObjectStore(OBJECT_STORE)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error(`IndexedDB database ${name} is blocked by another connection`))
  })
}

/** Batches written in one transaction, and the callers waiting for it. */
interface Group {
  batches: Array<readonly KvOperation[]>
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>
}

export async function createIndexedDbStore({
  indexedDB: factory,
  name,
  keyRange = globalThis.IDBKeyRange,
  durability = 'strict',
}: CreateIndexedDbStoreParameters): Promise<KeyValueStore> {
  if (!keyRange) throw new Error('IDBKeyRange is not available here: pass keyRange with the IDBFactory')
  const db = await openDatabase(factory, name)
  /** The transaction being committed, if any. */
  let inFlight: Promise<void> | null = null
  /** Batches waiting for `inFlight` to finish. */
  let queued: Group | null = null

  /** Writes `batches` in one transaction; resolves on `complete`, rejects on error or abort. */
  function commit(batches: ReadonlyArray<readonly KvOperation[]>): Promise<void> {
    return new Promise((resolve, reject) => {
      let tx: IDBTransaction
      try {
        tx = db.transaction(OBJECT_STORE, 'readwrite', { durability })
      } catch (e) {
        reject(e)
        return
      }
      tx.oncomplete = () => resolve()
      tx.onabort = () => reject(tx.error ?? new Error('the IndexedDB transaction was aborted'))
      const store = tx.objectStore(OBJECT_STORE)
      try {
        for (const operations of batches)
          for (const op of operations) {
            if (op.type === 'put') store.put(op.value, op.key)
            else store.delete(op.key)
          }
      } catch (e) {
        // A synchronous failure (e.g. DataError) must not leave the earlier operations committed.
        tx.onabort = () => reject(e)
        tx.abort()
      }
    })
  }

  async function commitGroup(group: Group): Promise<void> {
    try {
      await commit(group.batches)
      for (const w of group.waiters) w.resolve()
    } catch (error) {
      if (group.batches.length === 1) {
        group.waiters[0]?.reject(error)
        return
      }
      // Find out whose batch failed: each gets the outcome of its own transaction.
      for (let i = 0; i < group.batches.length; i++) {
        const waiter = group.waiters[i]
        await commit([group.batches[i] as readonly KvOperation[]]).then(waiter?.resolve, waiter?.reject)
      }
    }
  }

  /** Starts the queued group now (IndexedDB orders it after the transaction in flight). */
  function startQueued(): void {
    const group = queued
    if (!group) return
    queued = null
    const run: Promise<void> = commitGroup(group).finally(() => {
      if (inFlight === run) inFlight = null
      startQueued()
    })
    inFlight = run
  }

  function write(operations: readonly KvOperation[]): Promise<void> {
    return new Promise((resolve, reject) => {
      validateOperations(operations)
      queued ??= { batches: [], waiters: [] }
      queued.batches.push(operations)
      queued.waiters.push({ resolve, reject })
      if (!inFlight) startQueued()
    })
  }

  /**
   * Reads see every write issued before them, acknowledged or not: queued batches get their
   * transaction first, and IndexedDB runs a later transaction on the same store after it.
   */
  function readTransaction(): IDBObjectStore {
    startQueued()
    return db.transaction(OBJECT_STORE, 'readonly').objectStore(OBJECT_STORE)
  }

  return {
    async get(key) {
      const value = await requestResult(readTransaction().get(key))
      return value === undefined ? undefined : asBytes(value)
    },
    put: (key, value) => write([{ type: 'put', key, value }]),
    delete: (key) => write([{ type: 'delete', key }]),
    async range(range) {
      const query = toKeyRange(keyRange, range)
      const limit = range.limit
      if (query === 'empty' || limit === 0) return []
      const store = readTransaction()
      const out: Array<[string, Uint8Array]> = []
      if (!range.reverse) {
        // getAllKeys + getAll in one transaction see the same snapshot and beat a cursor walk.
        const [keys, values] = await Promise.all([
          requestResult(store.getAllKeys(query, limit)),
          requestResult(store.getAll(query, limit)),
        ])
        for (let i = 0; i < keys.length; i++) out.push([keys[i] as string, asBytes(values[i])])
        return out
      }
      return new Promise((resolve, reject) => {
        const request = store.openCursor(query, 'prev')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const cursor = request.result
          if (!cursor || (limit !== undefined && out.length >= limit)) return resolve(out)
          out.push([cursor.key as string, asBytes(cursor.value)])
          cursor.continue()
        }
      })
    },
    batch: (operations) => write(operations),
    async close() {
      // Writes already issued are committed before the connection goes away.
      startQueued()
      while (inFlight) await inFlight.catch(() => {})
      db.close()
    },
  }
}
