/**
 * The extension's own IndexedDB database (the chains live in one database per network, opened
 * by the node's storage): wallet state and the request log. Takes the IDBFactory as a parameter
 * so unit tests run it on fake-indexeddb.
 */
import { type DBSchema, type IDBPDatabase, wrap } from 'idb'
import type { RequestLogEntry } from '../shared/protocol.js'
import type { WalletStore } from '../wallet/store.js'

export const EXTENSION_DB_NAME = 'rsk-devnode-extension'

interface ExtensionSchema extends DBSchema {
  wallet: { key: string; value: unknown }
  log: { key: number; value: RequestLogEntry }
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

export function createIdbWalletStore(db: ExtensionDb): WalletStore {
  return {
    async get<T>(key: string) {
      return (await db.get('wallet', key)) as T | undefined
    },
    async put<T>(key: string, value: T) {
      await db.put('wallet', value, key)
    },
  }
}
