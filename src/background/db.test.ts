// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createIdbWalletStore, type ExtensionDb, openExtensionDb } from './db.js'
import { openExtensionDbRequest, readAllRecords } from './extensionDbSchema.js'

/** Counts the transactions started on the database from now on. */
function countTransactions(db: ExtensionDb): () => number {
  let started = 0
  const transaction = db.transaction.bind(db)
  db.transaction = ((...args: Parameters<typeof db.transaction>) => {
    started++
    return transaction(...args)
  }) as typeof db.transaction
  return () => started
}

async function walletDb(records: Record<string, unknown>): Promise<ExtensionDb> {
  const db = await openExtensionDb(new IDBFactory())
  for (const [key, value] of Object.entries(records)) await db.put('wallet', value, key)
  return db
}

describe('createIdbWalletStore', () => {
  it('with preload, reads every record in one transaction, and a key it did not find in none', async () => {
    const db = await walletDb({ network: 'regtest', nodeProfiles: { regtest: 'rskj' }, settings: { a: 1 } })
    const transactions = countTransactions(db)
    const store = createIdbWalletStore(db, { preload: true })
    expect(await store.get('network')).toBe('regtest')
    expect(await store.get('nodeForks')).toBeUndefined()
    expect(await store.get('nodeProfiles')).toEqual({ regtest: 'rskj' })
    expect(await store.get('settings')).toEqual({ a: 1 })
    expect(transactions()).toBe(1)
  })

  it('takes the records of a read started before it, and reads nothing itself', async () => {
    const factory = new IDBFactory()
    const setup = await openExtensionDb(factory)
    await setup.put('wallet', 'regtest', 'network')
    setup.close()
    const request = openExtensionDbRequest(factory)
    const records = new Promise<Map<string, unknown>>((resolve, reject) =>
      request.addEventListener('success', () =>
        readAllRecords(request.result, 'wallet').then(resolve, reject),
      ),
    )
    const db = await openExtensionDb(factory, undefined, request)
    const transactions = countTransactions(db)
    const store = createIdbWalletStore(db, { preload: records })
    expect(await store.get('network')).toBe('regtest')
    expect(await store.get('settings')).toBeUndefined()
    expect(transactions()).toBe(0)
  })

  it('reads each key itself when the read started before it failed', async () => {
    const db = await walletDb({ network: 'regtest' })
    const store = createIdbWalletStore(db, { preload: Promise.reject(new Error('no read')) })
    expect(await store.get('network')).toBe('regtest')
  })

  it('without preload, reads each key once, on its first get', async () => {
    const db = await walletDb({ network: 'regtest' })
    const transactions = countTransactions(db)
    const store = createIdbWalletStore(db)
    expect(await store.get('network')).toBe('regtest')
    expect(await store.get('network')).toBe('regtest')
    expect(await store.get('settings')).toBeUndefined()
    expect(transactions()).toBe(2)
  })

  it('keeps a write made while the preload runs over what the preload read', async () => {
    const db = await walletDb({ network: 'regtest' })
    const store = createIdbWalletStore(db, { preload: true })
    const writing = store.put('network', 'testnet')
    expect(await store.get('network')).toBe('testnet')
    await writing
    expect(await createIdbWalletStore(db, { preload: true }).get('network')).toBe('testnet')
  })

  it('asks IndexedDB again for a key whose write failed, though the preload had read every key', async () => {
    const db = await walletDb({ network: 'regtest' })
    const store = createIdbWalletStore(db, { preload: true })
    expect(await store.get('network')).toBe('regtest')
    const transaction = db.transaction.bind(db)
    db.transaction = ((...args: Parameters<typeof db.transaction>) => {
      if (args[1] === 'readwrite') throw new DOMException('refused', 'UnknownError')
      return transaction(...args)
    }) as typeof db.transaction
    await expect(store.put('network', 'testnet')).rejects.toThrow('refused')
    expect(await store.get('network')).toBe('regtest')
  })
})

describe('openExtensionDb', () => {
  it('takes an open request made earlier, pending or completed', async () => {
    const factory = new IDBFactory()
    const pending = openExtensionDbRequest(factory)
    const db = await openExtensionDb(factory, undefined, pending)
    expect([...db.objectStoreNames].sort()).toEqual(['log', 'wallet'])
    await db.put('wallet', 'regtest', 'network')
    db.close()
    const done = openExtensionDbRequest(factory)
    await new Promise((resolve) => done.addEventListener('success', resolve))
    expect(await (await openExtensionDb(factory, undefined, done)).get('wallet', 'network')).toBe('regtest')
  })
})
