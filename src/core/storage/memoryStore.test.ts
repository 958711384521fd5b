import { expect, test } from 'vitest'
import { keyValueStoreContract } from './keyValueStoreContract.js'
import { createMemoryStore } from './memoryStore.js'

keyValueStoreContract('memory', createMemoryStore)

test('memory store refuses operations after close', async () => {
  const store = createMemoryStore()
  await store.close()
  await expect(store.put('a', new Uint8Array(1))).rejects.toThrow('closed')
})

/**
 * Timing on a shared machine is noisy, so these tests compare growth rather than absolute time:
 * the best of three runs at a small and a large size. Linear work grows 4x for 4x the keys,
 * quadratic work 16x; a binary search barely grows, a full scan grows 16x for 16x the keys.
 */
async function bestOf3(run: () => Promise<void>): Promise<number> {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    await run()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

const scrambledKey = (i: number) => `node/${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}`

async function writeRandomKeys(count: number): Promise<void> {
  const store = createMemoryStore()
  for (let i = 0; i < count; i++) await store.put(scrambledKey(i), Uint8Array.of(i & 255))
  const all = await store.range({ gte: 'node/', lt: 'node0' })
  if (all.length !== count) throw new Error(`expected ${count} keys, got ${all.length}`)
}

test('memory store random-order writes grow linearly, not quadratically', async () => {
  const small = await bestOf3(() => writeRandomKeys(15_000))
  const large = await bestOf3(() => writeRandomKeys(60_000))
  expect(large / small).toBeLessThan(9)
})

test('memory store narrow ranges cost about the same in a small and a large store', async () => {
  const timeRanges = async (size: number) => {
    const store = createMemoryStore()
    await store.batch(
      Array.from({ length: size }, (_, i) => ({
        type: 'put' as const,
        key: `k/${String(i).padStart(7, '0')}`,
        value: Uint8Array.of(i & 255),
      })),
    )
    await store.range({ limit: 1 })
    return bestOf3(async () => {
      for (let i = 0; i < 2000; i++)
        await store.range({ gte: `k/${String((i * 37) % size).padStart(7, '0')}`, limit: 5 })
    })
  }
  const small = await timeRanges(10_000)
  const large = await timeRanges(160_000)
  expect(large / small).toBeLessThan(4)
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
