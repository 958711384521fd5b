/**
 * The extension's own IndexedDB database (the chains live in one database per network, opened
 * by the node's storage): wallet state and the request log. Takes the IDBFactory as a parameter
 * so unit tests run it on fake-indexeddb.
 */
import { type DBSchema, type IDBPDatabase, wrap } from 'idb'
import type { RequestLogEntry } from '../shared/protocol.js'
import type { WalletStore } from '../wallet/store.js'

export const EXTENSION_DB_NAME = 'rsk-devnode-extension'

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

export function openExtensionDb(factory: IDBFactory, name = EXTENSION_DB_NAME): Promise<ExtensionDb> {
  // idb's openDB reads the global indexedDB; open through the given factory and let idb wrap it.
  const request = factory.open(name, 1)
  request.onupgradeneeded = () => {
    const db = request.result
    db.createObjectStore('wallet')
    db.createObjectStore('log', { keyPath: 'id', autoIncrement: true })
  }
  return wrap(request) as unknown as Promise<ExtensionDb>
}

/**
 * The wallet's records, read on every request (grants, keys, settings, send intents): kept in
 * memory after the first read so a request costs no IndexedDB round trips for them. This worker
 * is the only writer of the database, so the copy cannot go stale. Values are copied in and out,
 * as IndexedDB would, so callers cannot change the remembered state by mutating what they got.
 *
 * Writes use 'relaxed' durability, as the chains do (nodeFactory.ts): IndexedDB lives in the
 * browser process, so a completed write survives the worker being stopped or killed.
 */
export function createIdbWalletStore(db: ExtensionDb): WalletStore {
  const remembered = new Map<string, unknown>()
  return {
    async get<T>(key: string) {
      if (!remembered.has(key)) {
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
        throw error
      }
    },
  }
}
