/**
 * The extension database's name and schema, free of imports: the worker starts opening it in
 * its first modules (extensionDbOpening.ts), before the libraries are evaluated.
 */
export const EXTENSION_DB_NAME = 'rsk-devnode-extension'

/** Opens the database, creating its stores on first use: `wallet` (key → value) and `log`. */
export function openExtensionDbRequest(factory: IDBFactory, name = EXTENSION_DB_NAME): IDBOpenDBRequest {
  const request = factory.open(name, 1)
  request.onupgradeneeded = () => {
    const db = request.result
    db.createObjectStore('wallet')
    db.createObjectStore('log', { keyPath: 'id', autoIncrement: true })
  }
  return request
}

/** Every record of a store, by key, in one read-only transaction. */
export function readAllRecords(db: IDBDatabase, storeName: string): Promise<Map<string, unknown>> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName)
    const store = tx.objectStore(storeName)
    const keys = store.getAllKeys()
    const values = store.getAll()
    tx.oncomplete = () => resolve(new Map(keys.result.map((key, i) => [String(key), values.result[i]])))
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}
