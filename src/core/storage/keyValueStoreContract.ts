/**
 * The behaviour every `KeyValueStore` must have, written once and run against each backend
 * (`keyValueStoreContract('memory', createMemoryStore)`). Imports vitest: for test files only.
 */
import { afterEach, describe, expect, test } from 'vitest'
import type { KeyValueStore, KvOperation } from './types.js'

export interface KeyValueStoreContractOptions {
  /** Closes `store` and opens the same database again, for backends that persist. */
  reopen?: (store: KeyValueStore) => Promise<KeyValueStore>
}

const bytes = (...values: number[]) => Uint8Array.from(values)
const utf8 = (s: string) => new TextEncoder().encode(s)

export function keyValueStoreContract(
  name: string,
  makeStore: () => Promise<KeyValueStore> | KeyValueStore,
  options: KeyValueStoreContractOptions = {},
): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    const open: KeyValueStore[] = []
    const fresh = async () => {
      const store = await makeStore()
      open.push(store)
      return store
    }
    afterEach(async () => {
      for (const store of open.splice(0)) await store.close().catch(() => {})
    })

    test('returns undefined for a missing key', async () => {
      const store = await fresh()
      expect(await store.get('missing')).toBeUndefined()
    })

    test('puts, gets, overwrites and deletes a value', async () => {
      const store = await fresh()
      await store.put('a', bytes(1, 2, 3))
      expect(await store.get('a')).toEqual(bytes(1, 2, 3))
      await store.put('a', bytes(9))
      expect(await store.get('a')).toEqual(bytes(9))
      await store.delete('a')
      expect(await store.get('a')).toBeUndefined()
    })

    test('stores an empty value as an empty byte array, not as absent', async () => {
      const store = await fresh()
      await store.put('empty', new Uint8Array(0))
      const value = await store.get('empty')
      expect(value).toBeInstanceOf(Uint8Array)
      expect(value?.length).toBe(0)
    })

    test('keeps its own copy of a value the caller later mutates', async () => {
      const store = await fresh()
      const value = bytes(1, 2)
      await store.put('k', value)
      value[0] = 99
      expect(await store.get('k')).toEqual(bytes(1, 2))
    })

    test('deleting a missing key succeeds', async () => {
      const store = await fresh()
      await expect(store.delete('nothing')).resolves.toBeUndefined()
    })

    test('scans ranges in UTF-16 key order with gte inclusive and lt exclusive', async () => {
      const store = await fresh()
      for (const key of ['b/2', 'a/1', 'b/10', 'c', 'b/1', 'B', 'é']) await store.put(key, utf8(key))
      expect((await store.range({})).map(([k]) => k)).toEqual(['B', 'a/1', 'b/1', 'b/10', 'b/2', 'c', 'é'])
      expect((await store.range({ gte: 'b/', lt: 'b0' })).map(([k]) => k)).toEqual(['b/1', 'b/10', 'b/2'])
      expect((await store.range({ gte: 'b/10' })).map(([k]) => k)).toEqual(['b/10', 'b/2', 'c', 'é'])
      expect((await store.range({ lt: 'b/10' })).map(([k]) => k)).toEqual(['B', 'a/1', 'b/1'])
      const [first] = await store.range({ gte: 'c', limit: 1 })
      expect(first).toEqual(['c', utf8('c')])
    })

    test('scans in reverse with a limit, newest key first', async () => {
      const store = await fresh()
      for (let i = 0; i < 20; i++) await store.put(`block/${String(i).padStart(4, '0')}`, bytes(i))
      const last3 = await store.range({ gte: 'block/', lt: 'block0', reverse: true, limit: 3 })
      expect(last3.map(([k, v]) => [k, v[0]])).toEqual([
        ['block/0019', 19],
        ['block/0018', 18],
        ['block/0017', 17],
      ])
      const below = await store.range({ lt: 'block/0005', reverse: true, limit: 2 })
      expect(below.map(([k]) => k)).toEqual(['block/0004', 'block/0003'])
    })

    test('a limited range counts only live keys, after later deletes and inserts between old keys', async () => {
      const store = await fresh()
      for (const k of ['a', 'b', 'c', 'd', 'e']) await store.put(k, bytes(1))
      await store.batch([
        { type: 'delete', key: 'b' },
        { type: 'put', key: 'bb', value: bytes(2) },
        { type: 'put', key: 'c', value: bytes(3) },
        { type: 'delete', key: 'e' },
      ])
      const first = await store.range({ limit: 3 })
      expect(first.map(([k, v]) => [k, v[0]])).toEqual([
        ['a', 1],
        ['bb', 2],
        ['c', 3],
      ])
      const last = await store.range({ reverse: true, limit: 2 })
      expect(last.map(([k]) => k)).toEqual(['d', 'c'])
      expect((await store.range({ gte: 'b', lt: 'd' })).map(([k]) => k)).toEqual(['bb', 'c'])
    })

    test('returns nothing for an empty or inverted range and for limit 0', async () => {
      const store = await fresh()
      await store.put('m', bytes(1))
      expect(await store.range({ gte: 'z', lt: 'a' })).toEqual([])
      expect(await store.range({ gte: 'm', lt: 'm' })).toEqual([])
      expect(await store.range({ limit: 0 })).toEqual([])
    })

    test('applies a batch of puts and deletes together', async () => {
      const store = await fresh()
      await store.put('old', bytes(0))
      await store.batch([
        { type: 'put', key: 'x', value: bytes(1) },
        { type: 'put', key: 'y', value: bytes(2) },
        { type: 'delete', key: 'old' },
        { type: 'put', key: 'x', value: bytes(3) },
      ])
      expect(await store.range({})).toEqual([
        ['x', bytes(3)],
        ['y', bytes(2)],
      ])
    })

    test('a batch with a failing operation writes nothing', async () => {
      const store = await fresh()
      await store.put('keep', bytes(7))
      const bad = [
        { type: 'put', key: 'new', value: bytes(1) },
        { type: 'delete', key: 'keep' },
        { type: 'put', key: 'broken', value: 'not bytes' },
      ] as unknown as KvOperation[]
      await expect(store.batch(bad)).rejects.toThrow()
      expect(await store.get('new')).toBeUndefined()
      expect(await store.get('keep')).toEqual(bytes(7))
    })

    test('handles many keys in order', async () => {
      const store = await fresh()
      const ops: KvOperation[] = []
      for (let i = 999; i >= 0; i--)
        ops.push({ type: 'put', key: `n/${String(i).padStart(5, '0')}`, value: bytes(i & 255) })
      await store.batch(ops)
      const all = await store.range({ gte: 'n/', lt: 'n0' })
      expect(all).toHaveLength(1000)
      expect(all[0]?.[0]).toBe('n/00000')
      expect(all[999]?.[0]).toBe('n/00999')
    })

    test('concurrent batches all land, and later batches win in the order they were issued', async () => {
      const store = await fresh()
      const writes: Array<Promise<void>> = []
      for (let i = 0; i < 20; i++)
        writes.push(
          store.batch([
            { type: 'put', key: 'latest', value: bytes(i) },
            { type: 'put', key: `own/${String(i).padStart(2, '0')}`, value: bytes(i) },
          ]),
        )
      writes.push(store.delete('own/00'))
      await Promise.all(writes)
      expect(await store.get('latest')).toEqual(bytes(19))
      const own = await store.range({ gte: 'own/', lt: 'own0' })
      expect(own.map(([k]) => k)).toEqual(
        Array.from({ length: 19 }, (_, i) => `own/${String(i + 1).padStart(2, '0')}`),
      )
    })

    test('a read issued after a batch that is not yet acknowledged sees that batch', async () => {
      const store = await fresh()
      await store.put('k', bytes(1))
      const first = store.batch([{ type: 'put', key: 'k', value: bytes(2) }])
      const second = store.batch([{ type: 'put', key: 'r/1', value: bytes(3) }])
      const [value, rows] = await Promise.all([store.get('k'), store.range({ gte: 'r/', lt: 'r0' })])
      expect(value).toEqual(bytes(2))
      expect(rows).toEqual([['r/1', bytes(3)]])
      await Promise.all([first, second])
    })

    test('an invalid batch among concurrent ones fails alone', async () => {
      const store = await fresh()
      const bad = [{ type: 'put', key: 'bad', value: 'not bytes' }] as unknown as KvOperation[]
      const outcomes = await Promise.allSettled([
        store.batch([{ type: 'put', key: 'a', value: bytes(1) }]),
        store.batch(bad),
        store.batch([{ type: 'put', key: 'b', value: bytes(2) }]),
      ])
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
      expect(await store.get('a')).toEqual(bytes(1))
      expect(await store.get('bad')).toBeUndefined()
      expect(await store.get('b')).toEqual(bytes(2))
    })

    const reopen = options.reopen
    if (reopen) {
      test('keeps what was written across a close and reopen', async () => {
        const store = await makeStore()
        await store.batch([
          { type: 'put', key: 'head', value: bytes(5) },
          { type: 'put', key: 'block/5', value: bytes(1, 2) },
        ])
        const again = await reopen(store)
        open.push(again)
        expect(await again.get('head')).toEqual(bytes(5))
        expect(await again.range({ gte: 'block/', lt: 'block0' })).toEqual([['block/5', bytes(1, 2)]])
      })

      test('close waits for batches issued before it, acknowledged or not', async () => {
        const store = await makeStore()
        const writes = Array.from({ length: 10 }, (_, i) =>
          store.batch([{ type: 'put', key: `w/${i}`, value: bytes(i) }]),
        )
        const again = await reopen(store)
        open.push(again)
        await Promise.all(writes)
        expect(await again.range({ gte: 'w/', lt: 'w0' })).toHaveLength(10)
      })
    }
  })
}
