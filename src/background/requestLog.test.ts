// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../shared/protocol.js'
import { openExtensionDb } from './db.js'
import { createRequestLog } from './requestLog.js'

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
})
