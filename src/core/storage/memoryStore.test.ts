import { expect, test } from 'vitest'
import { keyValueStoreContract } from './keyValueStoreContract.js'
import { createMemoryStore } from './memoryStore.js'

keyValueStoreContract('memory', createMemoryStore)

test('memory store refuses operations after close', async () => {
  const store = createMemoryStore()
  await store.close()
  await expect(store.put('a', new Uint8Array(1))).rejects.toThrow('closed')
})

test('memory store answers a narrow range over 100k keys quickly', async () => {
  const store = createMemoryStore()
  const ops = Array.from({ length: 100_000 }, (_, i) => ({
    type: 'put' as const,
    key: `k/${String(i).padStart(6, '0')}`,
    value: Uint8Array.of(i & 255),
  }))
  await store.batch(ops)
  const started = performance.now()
  for (let i = 0; i < 1000; i++) await store.range({ gte: `k/${String(i * 50).padStart(6, '0')}`, limit: 10 })
  const perRangeMs = (performance.now() - started) / 1000
  // A sort or full scan per call would take milliseconds at this size; a binary search takes microseconds.
  expect(perRangeMs).toBeLessThan(0.5)
})

test('memory store takes 100k writes in random key order quickly', async () => {
  const store = createMemoryStore()
  const started = performance.now()
  for (let i = 0; i < 100_000; i++) {
    const key = `node/${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}`
    await store.put(key, Uint8Array.of(i & 255))
  }
  const all = await store.range({ gte: 'node/', lt: 'node0' })
  const elapsedMs = performance.now() - started
  expect(all).toHaveLength(100_000)
  expect(all.every(([k], i) => i === 0 || (all[i - 1]?.[0] ?? '') < k)).toBe(true)
  // Insertion into a sorted array would be quadratic here (seconds); the pending merge is linear.
  expect(elapsedMs).toBeLessThan(1500)
})

test('memory store range reflects deletes and re-puts made since the last range', async () => {
  const store = createMemoryStore()
  for (const k of ['a', 'b', 'c']) await store.put(k, Uint8Array.of(1))
  expect((await store.range({})).map(([k]) => k)).toEqual(['a', 'b', 'c'])
  await store.delete('b')
  await store.put('b', Uint8Array.of(2))
  await store.delete('a')
  await store.put('d', Uint8Array.of(3))
  expect(await store.range({})).toEqual([
    ['b', Uint8Array.of(2)],
    ['c', Uint8Array.of(1)],
    ['d', Uint8Array.of(3)],
  ])
})
