/**
 * The extension's own IndexedDB database (the chains live in one database per network, opened
 * by the node's storage): wallet state and the request log. Takes the IDBFactory as a parameter
 * so unit tests run it on fake-indexeddb.
 */
import { type DBSchema, type IDBPDatabase, wrap } from 'idb'
import type { RequestLogEntry } from '../shared/protocol.js'
import type { WalletStore } from '../wallet/store.js'
import { openExtensionDbRequest } from './extensionDbSchema.js'

export { EXTENSION_DB_NAME } from './extensionDbSchema.js'

/** Entries written together (requestLog.ts): their ids are `id`, `id + 1`, … */
export interface LogBatch {
  id: number
  entries: RequestLogEntry[]
}

/** A record of the log: a batch, or one entry as earlier versions wrote each. */
export type LogRecord = LogBatch | (RequestLogEntry & { id: number })

export interface ExtensionSchema extends DBSchema {
  wallet: { key: string; value: unknown }
  log: { key: number; value: LogRecord }
}

export type ExtensionDb = IDBPDatabase<ExtensionSchema>

/** Opens the database through `factory`, or takes an open request already made (the worker's). */
export function openExtensionDb(
  factory: IDBFactory,
  name?: string,
  started?: IDBOpenDBRequest,
): Promise<ExtensionDb> {
  // idb's openDB reads the global indexedDB; open through the given factory and let idb wrap it.
  const request = started ?? openExtensionDbRequest(factory, name)
  // A request that completed fires no more events: take its outcome.
  if (request.readyState === 'done')
    return request.error
      ? Promise.reject(request.error)
      : Promise.resolve(wrap(request.result) as unknown as ExtensionDb)
  return wrap(request) as unknown as Promise<ExtensionDb>
}

/**
 * The wallet's records, read on every request (grants, keys, settings, send intents): kept in
 * memory after the first read so a request costs no IndexedDB round trips for them. This worker
 * is the only writer of the database, so the copy cannot go stale. Values are copied in and out,
 * as IndexedDB would, so callers cannot change the remembered state by mutating what they got.
 *
 * With `preload`, every record is read at once, in one transaction: the first answer after a
 * wake-up reads the selected network, the settings, the grants, the network's profile and fork
 * one after another, each a round trip to the browser's IndexedDB before the node can open. Once
 * that read completed, a key it did not find is known to be absent.
 *
 * Writes use 'relaxed' durability, as the chains do (nodeFactory.ts): IndexedDB lives in the
 * browser process, so a completed write survives the worker being stopped or killed.
 */
export function createIdbWalletStore(
  db: ExtensionDb,
  {
    preload = false,
  }: {
    /** `true` reads every record now; a promise of them is a read already started (the worker's). */
    preload?: boolean | Promise<ReadonlyMap<string, unknown>>
  } = {},
): WalletStore {
  const remembered = new Map<string, unknown>()
  /** Every key is in `remembered` (the preload completed and no write failed since). */
  let complete = false
  const loading = preload === false ? undefined : takeAll(preload === true ? readAll() : preload)
  loading?.catch(() => undefined)

  async function readAll(): Promise<ReadonlyMap<string, unknown>> {
    const store = db.transaction('wallet').store
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()])
    return new Map(keys.map((key, i) => [key, values[i]]))
  }

  async function takeAll(records: Promise<ReadonlyMap<string, unknown>>): Promise<void> {
    for (const [key, value] of await records) {
      // A write that started meanwhile is newer than what this read found.
      if (!remembered.has(key)) remembered.set(key, value)
    }
    complete = true
  }

  return {
    async get<T>(key: string) {
      if (!remembered.has(key) && loading) await loading.catch(() => undefined)
      if (!remembered.has(key) && !complete) {
        const value = await db.get('wallet', key)
        // A write that started meanwhile is newer than what this read found.
        if (!remembered.has(key)) remembered.set(key, value)
      }
      const value = remembered.get(key)
      return value === undefined ? undefined : (structuredClone(value) as T)
    },
    async put<T>(key: string, value: T) {
      const copy = structuredClone(value)
      // Readers see the new value at once, as a later IndexedDB read would.
      remembered.set(key, copy)
      try {
        const tx = db.transaction('wallet', 'readwrite', { durability: 'relaxed' })
        void tx.store.put(copy, key)
        await tx.done
      } catch (error) {
        // Unknown what was stored: the next read asks IndexedDB again.
        remembered.delete(key)
        complete = false
        throw error
      }
    },
  }
}
