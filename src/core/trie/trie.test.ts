import { createMPT } from '@ethereumjs/mpt'
import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, keccak256 } from '../crypto/hash.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '../util/hex.js'
import { SecureMerklePatriciaTrie } from './secure.js'
import { MissingTrieNodeError, TrieNodeStore } from './store.js'
import { loaderOf, syncLoaderOf } from './testLoaders.js'
import { randomBytes, seededRandom } from './testRandom.js'
import { MerklePatriciaTrie } from './trie.js'

type Operation = { key: Uint8Array; value: Uint8Array | undefined }

/** Inserts, updates and deletes over a key pool small enough that keys collide and share prefixes. */
function randomOperations(seed: number, count: number, keyLengths: number[]): Operation[] {
  const random = seededRandom(seed)
  const pool: Uint8Array[] = []
  for (let i = 0; i < Math.max(4, count / 3); i++) {
    const length = keyLengths[Math.floor(random() * keyLengths.length)] as number
    const key = randomBytes(random, length)
    // Share prefixes often so extensions and branch values appear.
    const base = pool[Math.floor(random() * pool.length)]
    if (base && random() < 0.5)
      key.set(base.subarray(0, Math.min(base.length, Math.floor(random() * length))))
    pool.push(key)
  }
  const ops: Operation[] = []
  for (let i = 0; i < count; i++) {
    const key = pool[Math.floor(random() * pool.length)] as Uint8Array
    const roll = random()
    // Short values keep nodes under 32 bytes (inlined); long ones force hashing.
    const value =
      roll < 0.25 ? undefined : randomBytes(random, roll < 0.6 ? 1 + Math.floor(random() * 4) : 40)
    ops.push({ key, value })
  }
  return ops
}

async function oracleRoot(ops: Operation[], useKeyHashing = false): Promise<Uint8Array> {
  const oracle = await createMPT({ useKeyHashing })
  for (const { key, value } of ops) {
    if (value) await oracle.put(key, value)
    else await oracle.del(key)
  }
  return oracle.root()
}

describe('MerklePatriciaTrie', () => {
  test('an empty trie has the empty root', () => {
    expect(new MerklePatriciaTrie().root()).toEqual(EMPTY_TRIE_ROOT)
  })

  test('matches the oracle root on a classic example', async () => {
    const trie = new MerklePatriciaTrie()
    const ops: Operation[] = [
      { key: utf8ToBytes('do'), value: utf8ToBytes('verb') },
      { key: utf8ToBytes('dog'), value: utf8ToBytes('puppy') },
      { key: utf8ToBytes('doge'), value: utf8ToBytes('coin') },
      { key: utf8ToBytes('horse'), value: utf8ToBytes('stallion') },
    ]
    for (const { key, value } of ops) trie.putSync(key, value as Uint8Array)
    expect(bytesToHex(trie.root())).toBe(bytesToHex(await oracleRoot(ops)))
  })

  test.each([1, 2, 3, 4, 5, 6])(
    'random updates and deletes of 32-byte keys track the oracle step by step (seed %i)',
    async (seed) => {
      const ops = randomOperations(seed, 300, [32])
      const trie = new MerklePatriciaTrie()
      const oracle = await createMPT()
      for (const [i, { key, value }] of ops.entries()) {
        if (value) {
          trie.putSync(key, value)
          await oracle.put(key, value)
        } else {
          trie.deleteSync(key)
          await oracle.del(key)
        }
        if (i % 20 === 0) expect(bytesToHex(trie.root())).toBe(bytesToHex(oracle.root()))
      }
      expect(bytesToHex(trie.root())).toBe(bytesToHex(oracle.root()))
      for (const { key } of ops) expect(trie.getSync(key)).toEqual((await oracle.get(key)) ?? undefined)
    },
  )

  // Keys that are prefixes of other keys put values in branch nodes. The oracle's own incremental
  // deletes disagree with its fresh builds in that case, so here it only builds each checkpoint's
  // live set from scratch, while our trie goes through every insert, update and delete.
  test.each([1, 2, 3, 7, 8, 9])(
    'random updates and deletes of mixed-length keys match the oracle built from the live set (seed %i)',
    async (seed) => {
      const ops = randomOperations(seed, 300, [1, 2, 3, 5, 32])
      const trie = new MerklePatriciaTrie()
      const live = new Map<string, Operation>()
      for (const [i, op] of ops.entries()) {
        if (op.value) trie.putSync(op.key, op.value)
        else trie.deleteSync(op.key)
        live.set(bytesToHex(op.key), op)
        if (i % 30 === 29 || i === ops.length - 1) {
          const liveOps = [...live.values()].filter((o) => o.value)
          expect(bytesToHex(trie.root())).toBe(bytesToHex(await oracleRoot(liveOps)))
        }
      }
      for (const { key, value } of live.values()) expect(trie.getSync(key)).toEqual(value)
    },
  )

  test('deleting every key returns to the empty root', async () => {
    const ops = randomOperations(42, 200, [32])
    const trie = new MerklePatriciaTrie()
    for (const { key, value } of ops) if (value) trie.putSync(key, value)
    for (const { key } of ops) trie.deleteSync(key)
    expect(trie.root()).toEqual(EMPTY_TRIE_ROOT)
  })

  test('putting an empty value deletes the key', () => {
    const trie = new MerklePatriciaTrie()
    trie.putSync(hexToBytes('0x01'), hexToBytes('0xaa'))
    trie.putSync(hexToBytes('0x01'), new Uint8Array(0))
    expect(trie.getSync(hexToBytes('0x01'))).toBeUndefined()
    expect(trie.root()).toEqual(EMPTY_TRIE_ROOT)
  })

  test.each([11, 12, 13])(
    'the secure variant gives the oracle root with key hashing (seed %i)',
    async (seed) => {
      const ops = randomOperations(seed, 200, [20, 32])
      const trie = new SecureMerklePatriciaTrie()
      for (const { key, value } of ops) {
        if (value) trie.putSync(key, value)
        else trie.deleteSync(key)
      }
      expect(bytesToHex(trie.root())).toBe(bytesToHex(await oracleRoot(ops, true)))
      const oracle = await createMPT({ useKeyHashing: true })
      for (const op of ops) op.value ? await oracle.put(op.key, op.value) : await oracle.del(op.key)
      for (const { key } of ops) expect(trie.getSync(key)).toEqual((await oracle.get(key)) ?? undefined)
    },
  )

  test('a copy is unaffected by later updates to the original', () => {
    const trie = new MerklePatriciaTrie()
    trie.putSync(utf8ToBytes('a'), utf8ToBytes('1'))
    const copy = trie.copy()
    const before = copy.root()
    trie.putSync(utf8ToBytes('b'), utf8ToBytes('2'))
    trie.deleteSync(utf8ToBytes('a'))
    expect(copy.root()).toEqual(before)
    expect(copy.getSync(utf8ToBytes('a'))).toEqual(utf8ToBytes('1'))
    expect(copy.getSync(utf8ToBytes('b'))).toBeUndefined()
  })
})

describe('commit and loading', () => {
  test('commit returns the nodes needed to reopen every committed root', async () => {
    const ops = randomOperations(7, 400, [32])
    const trie = new MerklePatriciaTrie()
    const persisted = new Map<string, Uint8Array>()
    const roots: Uint8Array[] = []
    for (let i = 0; i < ops.length; i += 40) {
      for (const { key, value } of ops.slice(i, i + 40))
        value ? trie.putSync(key, value) : trie.deleteSync(key)
      const { root, nodes } = trie.commit()
      for (const { hash, encoded } of nodes) {
        expect(keccak256(encoded)).toEqual(hash)
        persisted.set(bytesToHex(hash), encoded)
      }
      expect(root).toEqual(trie.root())
      roots.push(root)
    }
    // A fresh store that only sees what the commits returned can read every historical root.
    const replayed = new Map<string, Uint8Array | undefined>()
    for (const [index, root] of roots.entries()) {
      for (const { key, value } of ops.slice(index * 40, index * 40 + 40)) {
        replayed.set(bytesToHex(key), value)
      }
      const store = new TrieNodeStore({ loader: loaderOf(persisted) })
      const historical = new MerklePatriciaTrie({ root, store })
      for (const [keyHex, value] of replayed) {
        expect(await historical.get(hexToBytes(keyHex))).toEqual(value)
      }
    }
  })

  test('sync reads of a node not in memory throw MissingTrieNodeError; async reads load it', async () => {
    const source = new MerklePatriciaTrie()
    for (let i = 0; i < 20; i++) source.putSync(Uint8Array.of(i, i), randomBytes(seededRandom(i), 40))
    const { root, nodes } = source.commit()
    const persisted = new Map(nodes.map(({ hash, encoded }) => [bytesToHex(hash), encoded]))
    let loads = 0
    const store = new TrieNodeStore({
      loader: loaderOf(persisted, () => {
        loads++
      }),
    })
    const reopened = new MerklePatriciaTrie({ root, store })
    expect(() => reopened.getSync(Uint8Array.of(3, 3))).toThrow(MissingTrieNodeError)
    expect(await reopened.get(Uint8Array.of(3, 3))).toEqual(source.getSync(Uint8Array.of(3, 3)))
    expect(loads).toBeGreaterThan(0)
    // Now warm: the sync read works.
    expect(reopened.getSync(Uint8Array.of(3, 3))).toEqual(source.getSync(Uint8Array.of(3, 3)))
    await reopened.put(Uint8Array.of(3, 3), Uint8Array.of(9))
    source.putSync(Uint8Array.of(3, 3), Uint8Array.of(9))
    await reopened.delete(Uint8Array.of(4, 4))
    source.deleteSync(Uint8Array.of(4, 4))
    expect(reopened.root()).toEqual(source.root())
  })

  test('a root absent from storage fails with MissingTrieNodeError', async () => {
    const store = new TrieNodeStore({ loader: async () => undefined })
    const trie = new MerklePatriciaTrie({ root: new Uint8Array(32).fill(7), store })
    await expect(trie.get(Uint8Array.of(1))).rejects.toThrow(MissingTrieNodeError)
  })
})

/** Commits 50 random keys one at a time, persisting every node; each root with its key and value. */
function commitFiftyRoots(store: TrieNodeStore, persisted: Map<string, Uint8Array>, seed: number) {
  const trie = new MerklePatriciaTrie({ store })
  const random = seededRandom(seed)
  const roots: Array<{ root: Uint8Array; key: Uint8Array; value: Uint8Array }> = []
  for (let i = 0; i < 50; i++) {
    const key = randomBytes(random, 32)
    const value = randomBytes(random, 40)
    trie.putSync(key, value)
    const { root, nodes } = trie.commit()
    for (const { hash, encoded } of nodes) persisted.set(bytesToHex(hash), encoded)
    roots.push({ root, key, value })
  }
  return roots
}

describe('TrieNodeStore', () => {
  test('a small cache with a loader evicts old nodes yet every root stays readable', async () => {
    const persisted = new Map<string, Uint8Array>()
    let loads = 0
    const store = new TrieNodeStore({
      maxCachedNodes: 8,
      loader: loaderOf(persisted, () => {
        loads++
      }),
    })
    const roots = commitFiftyRoots(store, persisted, 3)
    expect(store.size).toBeLessThanOrEqual(8)
    for (const { root, key, value } of roots) {
      expect(await new MerklePatriciaTrie({ root, store }).get(key)).toEqual(value)
    }
    expect(loads).toBeGreaterThan(0)
  })

  test('over a store that reads synchronously, committed nodes are kept until saved and then read from the store', () => {
    const persisted = new Map<string, Uint8Array>()
    const store = new TrieNodeStore({ loader: loaderOf(persisted), syncLoader: syncLoaderOf(persisted) })
    const roots = commitFiftyRoots(store, persisted, 5)
    // Every node is in the store already, but nobody said so: all are still held.
    expect(store.size).toBeGreaterThan(50)
    store.saved()
    expect(store.size).toBe(0)
    // Every root answers synchronously through the store: no MissingTrieNodeError, nothing cached.
    for (const { root, key, value } of roots) {
      expect(new MerklePatriciaTrie({ root, store }).getSync(key)).toEqual(value)
    }
    expect(store.size).toBe(0)
  })

  test('over a store that reads synchronously, nodes not written yet stay readable until saved', () => {
    const store = new TrieNodeStore({ loader: async () => undefined, syncLoader: () => undefined })
    const trie = new MerklePatriciaTrie({ store })
    const random = seededRandom(6)
    const key = randomBytes(random, 32)
    const value = randomBytes(random, 40)
    trie.putSync(key, value)
    for (let i = 0; i < 3_000; i++) trie.putSync(randomBytes(random, 32), randomBytes(random, 40))
    const { root } = trie.commit()
    // A big commit (thousands of nodes) is not evicted before its owner writes it.
    expect(new MerklePatriciaTrie({ root, store }).getSync(key)).toEqual(value)
    store.saved()
    expect(() => new MerklePatriciaTrie({ root, store }).getSync(key)).toThrow(MissingTrieNodeError)
  })

  test('without a loader the cache keeps every committed node', async () => {
    const store = new TrieNodeStore()
    const trie = new MerklePatriciaTrie({ store })
    const random = seededRandom(4)
    const first = randomBytes(random, 32)
    trie.putSync(first, randomBytes(random, 40))
    const { root } = trie.commit()
    for (let i = 0; i < 30_000; i++) trie.putSync(randomBytes(random, 32), Uint8Array.of(1, 2, 3))
    trie.commit()
    expect(store.size).toBeGreaterThan(30_000)
    expect(await new MerklePatriciaTrie({ root, store }).get(first)).toBeDefined()
  })
})
