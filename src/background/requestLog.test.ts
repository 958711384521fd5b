// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../shared/protocol.js'
import { openExtensionDb } from './db.js'
import { createRequestLog, MAX_BATCH } from './requestLog.js'

const entry = (i: number): RequestLogEntry => ({
  time: i,
  origin: 'http://127.0.0.1:1',
  network: 'testnet',
  method: `m${i}`,
  params: [i],
  result: i,
  durationMs: 1,
})

describe('createRequestLog', () => {
  it('lists newest first and pages with beforeId', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()))
    for (let i = 0; i < 5; i++) await log.add(entry(i))
    const newest = await log.list({ limit: 2 })
    expect(newest.map((e) => e.method)).toEqual(['m4', 'm3'])
    const older = await log.list({ limit: 2, beforeId: newest[1]!.id })
    expect(older.map((e) => e.method)).toEqual(['m2', 'm1'])
  })

  it('lists the newest entries across gaps in the ids (writes that failed leave gaps)', async () => {
    const db = await openExtensionDb(new IDBFactory())
    const log = createRequestLog(db)
    const ids: number[] = []
    for (let i = 0; i < 20; i++) ids.push((await log.add(entry(i))).id as number)
    for (const i of [17, 12, 13, 14, 3]) await db.delete('log', ids[i] as number)
    const newest = await log.list({ limit: 6 })
    expect(newest.map((e) => e.method)).toEqual(['m19', 'm18', 'm16', 'm15', 'm11', 'm10'])
    const older = await log.list({ limit: 100, beforeId: newest[5]!.id })
    expect(older.map((e) => e.method)).toEqual(['m9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm2', 'm1', 'm0'])
    expect((await log.list({ limit: 100 })).length).toBe(15)
  })

  it('stays bounded: the oldest entries go first', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()), 10)
    for (let i = 0; i < 60; i++) await log.add(entry(i))
    // Pruned on the 51st addition to 10, then 9 more.
    expect(await log.count()).toBeLessThanOrEqual(19)
    const all = await log.list({ limit: 100 })
    expect(all[0]?.method).toBe('m59')
    expect(all.some((e) => e.method === 'm0')).toBe(false)
  })

  it('stores values IndexedDB cannot clone as strings instead of failing', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()))
    const stored = await log.add({ ...entry(1), params: [() => 1] })
    expect(typeof stored.params).toBe('string')
  })

  it('adds a batch in order with increasing ids, and stays bounded across batches', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()), 10)
    const stored = await log.addAll([0, 1, 2].map(entry))
    expect(stored.map((e) => e.method)).toEqual(['m0', 'm1', 'm2'])
    expect(stored[1]!.id! > stored[0]!.id! && stored[2]!.id! > stored[1]!.id!).toBe(true)
    for (let batch = 1; batch < 20; batch++) await log.addAll([0, 1, 2].map((i) => entry(batch * 3 + i)))
    expect(await log.count()).toBeLessThanOrEqual(10 + 50)
    expect((await log.list({ limit: 1 }))[0]?.method).toBe('m59')
  })

  it('writes a batch holding an uncloneable value entry by entry, with that value as a string', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()))
    const stored = await log.addAll([entry(1), { ...entry(2), params: [() => 2] }, entry(3)])
    expect(stored.map((e) => e.method)).toEqual(['m1', 'm2', 'm3'])
    expect(typeof stored[1]!.params).toBe('string')
    expect(await log.count()).toBe(3)
  })

  it('writes a batch as one record, one transaction, whatever its size', async () => {
    const db = await openExtensionDb(new IDBFactory())
    const log = createRequestLog(db)
    const transactions = countWrites(db)
    const stored = await log.addAll(Array.from({ length: 120 }, (_, i) => entry(i)))
    expect(stored.map((e) => e.id)).toEqual(Array.from({ length: 120 }, (_, i) => i))
    expect(await db.count('log')).toBe(1)
    expect(transactions()).toBe(1)
    expect((await log.list({ limit: 3 })).map((e) => [e.id, e.method])).toEqual([
      [119, 'm119'],
      [118, 'm118'],
      [117, 'm117'],
    ])
  })

  it(`splits a write into records of at most ${MAX_BATCH} entries, with consecutive ids`, async () => {
    const db = await openExtensionDb(new IDBFactory())
    const log = createRequestLog(db)
    const stored = await log.addAll(Array.from({ length: 2 * MAX_BATCH + 3 }, (_, i) => entry(i)))
    expect(stored.at(-1)?.id).toBe(2 * MAX_BATCH + 2)
    expect(await db.count('log')).toBe(3)
    expect(await log.count()).toBe(2 * MAX_BATCH + 3)
    const all = await log.list({ limit: 10_000 })
    expect(all.map((e) => e.id)).toEqual(stored.map((e) => e.id).reverse())
  })

  it('pages with beforeId inside a record and across records', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()))
    await log.addAll([0, 1, 2, 3].map(entry))
    await log.add(entry(4))
    await log.addAll([5, 6, 7].map(entry))
    const page = await log.list({ limit: 4, beforeId: 6 })
    expect(page.map((e) => e.method)).toEqual(['m5', 'm4', 'm3', 'm2'])
    expect((await log.list({ limit: 10, beforeId: 2 })).map((e) => e.method)).toEqual(['m1', 'm0'])
  })

  it('drops the oldest records in the transaction of the write that outgrew the limit', async () => {
    const db = await openExtensionDb(new IDBFactory())
    const log = createRequestLog(db, 100)
    const transactions = countWrites(db)
    for (let i = 0; i < 20; i++) await log.addAll(Array.from({ length: 10 }, (_, j) => entry(i * 10 + j)))
    // One transaction per write, none of its own for pruning; at most the limit and half of it kept.
    expect(transactions()).toBe(20)
    const count = await log.count()
    expect(count).toBeGreaterThanOrEqual(100)
    expect(count).toBeLessThanOrEqual(150)
    expect((await log.list({ limit: 1 }))[0]?.method).toBe('m199')
  })

  it('reads the one-record-per-entry log of earlier versions and continues its ids', async () => {
    const db = await openExtensionDb(new IDBFactory())
    for (let i = 0; i < 3; i++) {
      const { id: _none, ...legacy } = entry(i)
      await db.add('log', legacy as never)
    }
    const log = createRequestLog(db)
    const before = await log.list()
    expect(before.map((e) => e.method)).toEqual(['m2', 'm1', 'm0'])
    const [added] = await log.addAll([entry(3), entry(4)])
    expect(added!.id! > before[0]!.id!).toBe(true)
    expect((await log.list()).map((e) => e.method)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0'])
    expect(await log.count()).toBe(5)
  })

  it('never gives an id twice: after a clear and a new worker, the next entry is newer', async () => {
    const db = await openExtensionDb(new IDBFactory())
    const first = createRequestLog(db)
    const [a, b] = await first.addAll([entry(1), entry(2)])
    await first.clear()
    expect(await first.count()).toBe(0)
    expect(await first.list()).toEqual([])
    const next = await createRequestLog(db).add(entry(3))
    expect(next.id! > b!.id! && b!.id! > a!.id!).toBe(true)
  })

  it('trims to exactly the newest entries, cutting the record that holds the boundary', async () => {
    const log = createRequestLog(await openExtensionDb(new IDBFactory()))
    await log.addAll(Array.from({ length: 30 }, (_, i) => entry(i)))
    await log.addAll(Array.from({ length: 5 }, (_, i) => entry(30 + i)))
    await log.trim(12)
    expect(await log.count()).toBe(12)
    const kept = await log.list({ limit: 100 })
    expect(kept.map((e) => e.method)).toEqual(Array.from({ length: 12 }, (_, i) => `m${34 - i}`))
    const [next] = await log.addAll([entry(35)])
    expect(next!.id).toBe(35)
  })
})

/** Counts the readwrite transactions started on the log store from now on. */
function countWrites(db: Awaited<ReturnType<typeof openExtensionDb>>): () => number {
  let started = 0
  const transaction = db.transaction.bind(db)
  db.transaction = ((...args: Parameters<typeof db.transaction>) => {
    if (args[1] === 'readwrite') started++
    return transaction(...args)
  }) as typeof db.transaction
  return () => started
}
