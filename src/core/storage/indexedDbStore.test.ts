// idb's wrappers test `instanceof IDBRequest` and friends, which a browser has as globals; in Node
// fake-indexeddb/auto provides them. The store still gets its factory as a parameter.
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { expect, test } from 'vitest'
import { createIndexedDbStore } from './indexedDbStore.js'
import { keyValueStoreContract } from './keyValueStoreContract.js'
import { createMemoryStore } from './memoryStore.js'
import type { KeyValueStore, KvOperation } from './types.js'

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

/**
 * Compaction later than the acknowledgement: each scheduled compaction starts when the next call
 * comes in, so it is in flight while that call reads or writes.
 */
async function storeCompactingOnNextCall(name: string): Promise<KeyValueStore> {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name,
    scheduleCompaction: (run) => pending.push(run),
  })
  /** Starts the compactions scheduled so far, then passes the call on. */
  const first = <T>(call: () => Promise<T>): Promise<T> => {
    for (const run of pending.splice(0)) run()
    return call()
  }
  return {
    get: (key) => first(() => store.get(key)),
    put: (key, value) => first(() => store.put(key, value)),
    delete: (key) => first(() => store.delete(key)),
    range: (range) => first(() => store.range(range)),
    batch: (operations) => first(() => store.batch(operations)),
    close: () => store.close(),
  }
}

keyValueStoreContract('indexeddb, compaction in flight during the next call', () =>
  storeCompactingOnNextCall(`contract-late-${++counter}`),
)

// Compaction only at close: every read before it is served from the journal's layers.
keyValueStoreContract(
  'indexeddb, compaction only at close',
  () =>
    createIndexedDbStore({
      indexedDB: factory,
      keyRange: IDBKeyRange,
      name: `contract-never-${++counter}`,
      scheduleCompaction: () => {},
    }),
  {
    async reopen(store) {
      const name = `contract-never-${counter}`
      await store.close()
      return createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name })
    },
  },
)

async function rawRecords(name: string, objectStore: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const count = await new Promise<number>((resolve, reject) => {
    const request = db.transaction(objectStore).objectStore(objectStore).count()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  db.close()
  return count
}

/** Waits until `objectStore` of database `name` holds `count` records (fake-indexeddb is asynchronous). */
async function untilRecords(name: string, objectStore: string, count: number): Promise<void> {
  for (let i = 0; i < 100; i++) if ((await rawRecords(name, objectStore)) === count) return
  throw new Error(`${name}/${objectStore} never reached ${count} records`)
}

test('acknowledges a batch with one journal record and moves it into kv when compaction runs', async () => {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-ack',
    scheduleCompaction: (run) => pending.push(run),
  })
  await store.batch([
    { type: 'put', key: 'a', value: Uint8Array.of(1) },
    { type: 'put', key: 'b', value: Uint8Array.of(2) },
    { type: 'put', key: 'c', value: Uint8Array.of(3) },
  ])
  expect(await rawRecords('journal-ack', 'journal')).toBe(1)
  expect(await rawRecords('journal-ack', 'kv')).toBe(0)
  expect(pending).toHaveLength(1)
  for (const run of pending.splice(0)) run()
  await untilRecords('journal-ack', 'kv', 3)
  // No batch follows: the compacted record is deleted on its own, so a restart reads nothing back.
  await untilRecords('journal-ack', 'journal', 0)
  // The next batch is one journal record again.
  await store.put('d', Uint8Array.of(4))
  expect(await rawRecords('journal-ack', 'journal')).toBe(1)
  await store.close()
  expect(await rawRecords('journal-ack', 'kv')).toBe(4)
  expect(await rawRecords('journal-ack', 'journal')).toBe(0)
})

test('compacted values are stored as buffers of their own, not views into their journal record', async () => {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-standalone',
    scheduleCompaction: (run) => pending.push(run),
  })
  await store.batch([
    { type: 'put', key: 'a', value: Uint8Array.of(1, 2, 3) },
    { type: 'put', key: 'b', value: new Uint8Array(100).fill(9) },
  ])
  for (const run of pending.splice(0)) run()
  await untilRecords('journal-standalone', 'kv', 2)
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('journal-standalone')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const stored = await new Promise<Uint8Array[]>((resolve, reject) => {
    const request = db.transaction('kv').objectStore('kv').getAll()
    request.onsuccess = () => resolve(request.result as Uint8Array[])
    request.onerror = () => reject(request.error)
  })
  db.close()
  expect(stored.map((v) => [v.length, v.buffer.byteLength])).toEqual([
    [3, 3],
    [100, 100],
  ])
  expect(await store.get('b')).toEqual(new Uint8Array(100).fill(9))
  await store.close()
})

test('a staged batch is read at once and written in the journal record of the next batch', async () => {
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-stage',
    scheduleCompaction: () => {},
  })
  let staged = false
  const durable = store.stage?.([{ type: 'put', key: 'intent', value: Uint8Array.of(5) }])
  void durable?.then(() => {
    staged = true
  })
  expect(await store.get('intent')).toEqual(Uint8Array.of(5))
  expect(await rawRecords('journal-stage', 'journal')).toBe(0)
  expect(staged).toBe(false)
  await store.batch([{ type: 'put', key: 'block', value: Uint8Array.of(6) }])
  expect(staged).toBe(true)
  expect(await rawRecords('journal-stage', 'journal')).toBe(1)
  await store.close()
})

test('a staged batch with nothing after it is written at close', async () => {
  const store = await createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'stage-close' })
  const durable = store.stage?.([{ type: 'put', key: 'intent', value: Uint8Array.of(5) }])
  await store.close()
  await durable
  const reopened = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'stage-close',
  })
  expect(await reopened.get('intent')).toEqual(Uint8Array.of(5))
  await reopened.close()
})

test('compacts a long backlog 32 batches per transaction, oldest first, until none is left', async () => {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-chunks',
    scheduleCompaction: (run) => pending.push(run),
  })
  for (let i = 0; i < 70; i++) await store.put(`k${String(i).padStart(3, '0')}`, Uint8Array.of(i))
  const counts: number[] = []
  for (let round = 0; round < 3; round++) {
    pending.splice(0).at(-1)?.()
    await untilRecords('journal-chunks', 'kv', Math.min(70, 32 * (round + 1)))
    counts.push(await rawRecords('journal-chunks', 'kv'))
  }
  expect(counts).toEqual([32, 64, 70])
  await untilRecords('journal-chunks', 'journal', 0)
  expect(await store.get('k069')).toEqual(Uint8Array.of(69))
  await store.close()
})

test('a chunk with no batch arriving meanwhile asks for the rest at once; one with a batch waits', async () => {
  const calls: Array<{ run: () => void; draining: boolean | undefined }> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-draining',
    scheduleCompaction: (run, _waiting, draining) => calls.push({ run, draining }),
  })
  for (let i = 0; i < 100; i++) await store.put(`k${String(i).padStart(3, '0')}`, Uint8Array.of(i))
  expect(calls.every((c) => !c.draining)).toBe(true)
  calls.splice(0).at(-1)?.run()
  await untilRecords('journal-draining', 'kv', 32)
  for (let i = 0; i < 10 && calls.length === 0; i++) await store.get('k000')
  expect(calls.map((c) => c.draining)).toEqual([true])
  // A batch while the next chunk runs: the writes have not paused.
  calls.splice(0)[0]?.run()
  await store.put('late', Uint8Array.of(1))
  await untilRecords('journal-draining', 'kv', 64)
  // Two requests follow: the late batch's commit and the chunk's, neither of them draining.
  for (let i = 0; i < 10 && calls.length < 2; i++) await store.get('k000')
  expect(calls.map((c) => c.draining)).toEqual([false, false])
  await store.close()
})

test('a limited range looks past stored rows that journaled deletes hide', async () => {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-range',
    scheduleCompaction: (run) => pending.push(run),
  })
  for (const k of ['a', 'b', 'c', 'd', 'e']) await store.put(k, Uint8Array.of(1))
  for (const run of pending.splice(0)) run()
  await untilRecords('journal-range', 'kv', 5)
  // Not compacted: these live in the journal's layers only.
  await store.batch([
    { type: 'delete', key: 'a' },
    { type: 'delete', key: 'b' },
    { type: 'delete', key: 'e' },
    { type: 'put', key: 'f', value: Uint8Array.of(2) },
  ])
  expect((await store.range({ limit: 2 })).map(([k]) => k)).toEqual(['c', 'd'])
  expect((await store.range({ reverse: true, limit: 2 })).map(([k]) => k)).toEqual(['f', 'd'])
  expect((await store.range({ gte: 'a', lt: 'd', limit: 5 })).map(([k]) => k)).toEqual(['c'])
  await store.close()
})

test('opens a database written before the journal existed, with its values', async () => {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('schema-1', 1)
    request.onupgradeneeded = () => request.result.createObjectStore('kv')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('kv', 'readwrite')
    tx.objectStore('kv').put(Uint8Array.of(7), 'old')
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
  db.close()
  const store = await createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'schema-1' })
  expect(await store.get('old')).toEqual(Uint8Array.of(7))
  await store.put('new', Uint8Array.of(8))
  expect(await store.range({})).toEqual([
    ['new', Uint8Array.of(8)],
    ['old', Uint8Array.of(7)],
  ])
  await store.close()
})

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

test('a limited range over journaled puts, replacements and deletes answers as the memory store does', async () => {
  const pending: Array<() => void> = []
  const store = await createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: 'journal-range-random',
    scheduleCompaction: (run) => pending.push(run),
  })
  const model = createMemoryStore()
  let seed = 7
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed % n
  }
  const key = () => `k${next(40).toString().padStart(2, '0')}`
  const randomBatch = () =>
    Array.from({ length: 1 + next(6) }, (): KvOperation => {
      const k = key()
      return next(3) === 0
        ? { type: 'delete', key: k }
        : { type: 'put', key: k, value: Uint8Array.of(next(256)) }
    })
  // Half the writes compacted into kv, the rest left in the journal's layers.
  for (let i = 0; i < 30; i++) {
    const ops = randomBatch()
    await store.batch(ops)
    await model.batch(ops)
  }
  for (const run of pending.splice(0)) run()
  for (let i = 0; i < 30; i++) {
    const ops = randomBatch()
    await store.batch(ops)
    await model.batch(ops)
  }
  for (let i = 0; i < 60; i++) {
    const range = { gte: i % 3 === 0 ? undefined : key(), limit: 1 + next(5), reverse: i % 2 === 0 }
    expect(await store.range(range), JSON.stringify(range)).toEqual(await model.range(range))
  }
  await store.close()
})
