import { expect, test } from 'vitest'
import { keyValueStoreContract } from './keyValueStoreContract.js'
import { createMemoryStore } from './memoryStore.js'

keyValueStoreContract('memory', createMemoryStore)

test('memory store refuses operations after close', async () => {
  const store = createMemoryStore()
  await store.close()
  await expect(store.put('a', new Uint8Array(1))).rejects.toThrow('closed')
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

test('memory store getSync answers what get does, as a copy the caller may keep', async () => {
  const store = createMemoryStore()
  await store.batch([
    { type: 'put', key: 'k', value: Uint8Array.of(1, 2) },
    { type: 'put', key: 'gone', value: Uint8Array.of(3) },
    { type: 'delete', key: 'gone' },
  ])
  const read = store.getSync?.('k')
  expect(read).toEqual(await store.get('k'))
  expect(store.getSync?.('gone')).toBeUndefined()
  read?.fill(9)
  expect(store.getSync?.('k')).toEqual(Uint8Array.of(1, 2))
})
