// idb's wrappers test `instanceof IDBRequest` and friends, which a browser has as globals; in Node
// fake-indexeddb/auto provides them. The store still gets its factory as a parameter.
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { expect, test } from 'vitest'
import { createIndexedDbStore } from './indexedDbStore.js'
import { keyValueStoreContract } from './keyValueStoreContract.js'

let counter = 0
const factory = new IDBFactory()

keyValueStoreContract(
  'indexeddb (fake-indexeddb)',
  () => createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: `contract-${++counter}` }),
  {
    async reopen(store) {
      const name = `contract-${counter}`
      await store.close()
      return createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name })
    },
  },
)

test('keeps separate databases apart', async () => {
  const a = await createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'net-a' })
  const b = await createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'net-b' })
  await a.put('head', Uint8Array.of(1))
  expect(await b.get('head')).toBeUndefined()
  await a.close()
  await b.close()
})

test('fails clearly without an IDBKeyRange', async () => {
  const saved = globalThis.IDBKeyRange
  try {
    // Node has no global IDBKeyRange; make sure of it for this test.
    Reflect.deleteProperty(globalThis, 'IDBKeyRange')
    await expect(createIndexedDbStore({ indexedDB: factory, name: 'x' })).rejects.toThrow('IDBKeyRange')
  } finally {
    if (saved) globalThis.IDBKeyRange = saved
  }
})
