import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT } from '../crypto/hash.js'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { keccak256 } from '../trie/keccak.js'
import { decodeNode } from '../trie/node.js'
import { decodePackedNodes, PACKED_NODES_PREFIX, packedNodesKey } from '../trie/packedNodes.js'
import { kvTrieNodeLoaders, TrieNodeStore, trieNodeKey } from '../trie/store.js'
import { seededRandom } from '../trie/testRandom.js'
import { bigintToBytes, bytesToHex } from '../util/hex.js'
import { decodeFlatAccount, encodeAccount } from './account.js'
import { decodeFlatDelta, encodeFlatDelta, FLAT_FLUSHED_KEY, FLAT_REWRITE_EVERY } from './flatDeltas.js'
import { flatAccountKey, flatStorageKey } from './keys.js'
import {
  addressOf,
  cloneModel,
  expectMatchesModel,
  MapKeyValueStore,
  type Model,
  oracleStateRoot,
  randomBlockDiff,
} from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 12 }, (_, i) => addressOf(i))
const expectMatches = (state: WorldState, model: Model) => expectMatchesModel(state, model, ADDRESSES)

/** Every node of the state at `root` (lying at `at`), storage tries included, as it is stored. */
async function collectNodes(store: TrieNodeStore, root: Uint8Array, at: number) {
  const out: Array<{ hash: Uint8Array; encoded: Uint8Array }> = []
  const walk = async (hash: Uint8Array, where: number, accountTrie: boolean): Promise<void> => {
    const { encoded, childAt } = await store.load(hash, where)
    out.push({ hash, encoded })
    const node = decodeNode(encoded, hash, where, childAt)
    const children = node.type === 'branch' ? node.children : node.type === 'extension' ? [node.child] : []
    for (const child of children) if (child?.type === 'hash') await walk(child.hash, child.at, accountTrie)
    if (node.type === 'leaf' && accountTrie) {
      const account = decodeFlatAccount(node.value)
      if (bytesToHex(account.storageRoot) !== bytesToHex(EMPTY_TRIE_ROOT))
        await walk(account.storageRoot, node.valueAt, false)
    }
  }
  await walk(root, at, true)
  return out
}

/** Commits 40 random blocks; each commit's writes, root and model. */
async function commitBlocks(kv: KeyValueStore) {
  const random = seededRandom(29)
  const model: Model = new Map()
  const state = new WorldState({ kv })
  const commits: Array<{ root: Uint8Array; at: number; model: Model; writes: KvOperation[] }> = []
  for (let block = 0; block < 40; block++) {
    state.applyDiff(randomBlockDiff(random, model, ADDRESSES, 4))
    const { stateRoot, stateAt, writes } = await state.commit()
    await kv.batch(writes)
    state.nodes.saved()
    commits.push({ root: stateRoot, at: stateAt, model: cloneModel(model), writes })
  }
  return commits
}

async function expectEveryRootReadable(
  kv: KeyValueStore,
  commits: Awaited<ReturnType<typeof commitBlocks>>,
  nodes?: TrieNodeStore,
) {
  const reopened = await WorldState.load(kv, { nodes })
  const last = commits.at(-1)!
  expect(bytesToHex(reopened.stateRoot)).toBe(bytesToHex(await oracleStateRoot(last.model)))
  for (const { root, at: rootAt, model } of commits) {
    const at = reopened.at(root, rootAt)
    for (const address of ADDRESSES) {
      const expected = model.get(address)
      expect(await at.getBalance(address)).toBe(expected?.balance ?? 0n)
      for (let slot = 0n; slot < 12n; slot++)
        expect(await at.getStorage(address, slot)).toBe(expected?.storage.get(slot) ?? 0n)
    }
  }
}

describe('where a state commit puts its trie nodes', () => {
  test('every node a commit makes, its roots too, in one record numbered by the commit', async () => {
    const commits = await commitBlocks(createMemoryStore())
    for (const [i, { root, at, writes }] of commits.entries()) {
      const packed = writes.filter((w) => w.key.startsWith(PACKED_NODES_PREFIX))
      expect(packed.map((w) => w.key)).toEqual([packedNodesKey(i + 1)])
      // Without packing a block of four accounts wrote ~12 nodes, each a record of its own; then
      // its roots each kept one under their hash.
      expect(writes.filter((w) => w.key.startsWith('t:'))).toEqual([])
      expect(at).toBe(i + 1)
      const record = packed[0]!
      if (record.type !== 'put') throw new Error('a commit deletes no record')
      const nodes = decodePackedNodes(record.value, i + 1)
      expect(nodes.some((node) => bytesToHex(node.hash) === bytesToHex(root))).toBe(true)
      for (const node of nodes) expect(bytesToHex(keccak256(node.encoded))).toBe(bytesToHex(node.hash))
    }
  })

  test('an account’s leaf says where its storage root lies, and so does its flat record', async () => {
    const kv = createMemoryStore()
    const commits = await commitBlocks(kv)
    const state = await WorldState.load(kv)
    const last = commits.at(-1)!
    let withStorage = 0
    for (const address of ADDRESSES) {
      const account = await state.at(last.root, last.at).getAccount(address)
      if (!account || bytesToHex(account.storageRoot) === bytesToHex(EMPTY_TRIE_ROOT)) continue
      withStorage++
      // The storage root lies in the record of the commit that last changed the storage.
      expect(account.storageAt).toBeGreaterThan(0)
      const record = await kv.get(packedNodesKey(account.storageAt!))
      const found = decodePackedNodes(record!, account.storageAt!).find(
        (node) => bytesToHex(node.hash) === bytesToHex(account.storageRoot),
      )
      expect(found).toBeDefined()
    }
    expect(withStorage).toBeGreaterThan(3)
  })

  test('roots of the previous layout, under their hash, open and are built on', async () => {
    // What a chain written before roots moved into the packed records holds: every commit's
    // roots under `t:` (a commit numbered 0 writes every node there).
    const kv = new MapKeyValueStore()
    const random = seededRandom(17)
    const model: Model = new Map()
    const legacy = new WorldState({ kv })
    for (let block = 0; block < 10; block++) {
      legacy.applyDiff(randomBlockDiff(random, model, ADDRESSES, 4))
      await kv.batch((await legacy.commit()).writes)
    }
    const legacyRoot = legacy.stateRoot
    // The same state as the previous layout stored it: every node under its hash, the flat
    // records as the accounts' RLP alone, and the root recorded as its 32 bytes.
    const old = createMemoryStore()
    const all = await collectNodes(new TrieNodeStore(kvTrieNodeLoaders(kv)), legacyRoot, legacy.stateAt)
    const flat: KvOperation[] = []
    for (const [address, { code, storage, ...account }] of legacy.entries()) {
      flat.push({ type: 'put', key: flatAccountKey(address), value: encodeAccount(account) })
      for (const [slot, value] of storage)
        flat.push({ type: 'put', key: flatStorageKey(address, slot), value: bigintToBytes(value) })
    }
    const kept = [...kv.data.keys()].filter((key) => key.startsWith('sk:') || key.startsWith('sc:'))
    await old.batch([
      ...all.map(({ hash, encoded }) => ({ type: 'put' as const, key: trieNodeKey(hash), value: encoded })),
      ...flat,
      ...kept.map((key) => ({ type: 'put' as const, key, value: kv.data.get(key)! })),
      { type: 'put' as const, key: 'sr', value: legacyRoot },
    ])
    const reopened = await WorldState.load(old)
    expect(bytesToHex(reopened.stateRoot)).toBe(bytesToHex(legacyRoot))
    expect(reopened.stateAt).toBe(0)
    expectMatches(reopened, model)
    reopened.applyDiff(randomBlockDiff(random, model, ADDRESSES, 4))
    const { stateRoot, stateAt, writes } = await reopened.commit()
    await old.batch(writes)
    expect(stateAt).toBe(1)
    const again = await WorldState.load(old)
    expectMatches(again, model)
    expect(bytesToHex(stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
    for (const address of ADDRESSES)
      expect(await again.at(legacyRoot, 0).getBalance(address)).toBe(
        await legacy.at(legacyRoot, legacy.stateAt).getBalance(address),
      )
  })

  test('every historical root reads back from a cold store that answers synchronously', async () => {
    const kv = createMemoryStore()
    await expectEveryRootReadable(kv, await commitBlocks(kv))
  })

  test('every historical root reads back from a cold store that answers only asynchronously', async () => {
    const kv = new MapKeyValueStore()
    const commits = await commitBlocks(kv)
    // A cache of four nodes: nearly every step down a path is read from storage by its location.
    await expectEveryRootReadable(
      kv,
      commits,
      new TrieNodeStore({ ...kvTrieNodeLoaders(kv), maxCachedNodes: 4 }),
    )
  })

  test('numbers continue above the highest record in storage after a reopen', async () => {
    const kv = createMemoryStore()
    const commits = await commitBlocks(kv)
    const reopened = await WorldState.load(kv)
    reopened.applyDiff(randomBlockDiff(seededRandom(3), cloneModel(commits.at(-1)!.model), ADDRESSES))
    const { writes } = await reopened.commit()
    expect(writes.filter((w) => w.key.startsWith(PACKED_NODES_PREFIX)).map((w) => w.key)).toEqual([
      packedNodesKey(41),
    ])
  })
})

describe('a scratch node store', () => {
  test('reads its base’s nodes and keeps what it is given to itself', () => {
    const base = new TrieNodeStore()
    const known = Uint8Array.of(0xc2, 1, 2)
    base.add(keccak256(known), known)
    const scratch = base.scratch()
    expect(scratch.getCached(keccak256(known))?.encoded).toEqual(known)
    const own = Uint8Array.of(0xc2, 3, 4)
    scratch.add(keccak256(own), own, [7])
    expect(scratch.getCached(keccak256(own))).toEqual({ encoded: own, childAt: [7] })
    expect(base.getCached(keccak256(own))).toBeUndefined()
  })
})

describe('the flat records between rewrites', () => {
  test('a commit carries its flat changes; every 64th rewrites them; a reopen anywhere reads the same state', async () => {
    const kv = createMemoryStore()
    const random = seededRandom(41)
    const model: Model = new Map()
    const state = new WorldState({ kv })
    for (let block = 1; block <= 70; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES, 2))
      const { writes } = await state.commit()
      await kv.batch(writes)
      const flatWrites = writes.filter((w) => w.key.startsWith('sa:') || w.key.startsWith('ss:'))
      const rewrites = writes.some((w) => w.key === FLAT_FLUSHED_KEY)
      expect(rewrites, `commit ${block}`).toBe(block === FLAT_REWRITE_EVERY)
      expect(flatWrites.length > 0).toBe(rewrites)
      if (block % 7 === 0 || block >= 62) {
        const reopened = await WorldState.load(kv)
        expect(bytesToHex(reopened.stateRoot)).toBe(bytesToHex(state.stateRoot))
        for (const address of ADDRESSES) {
          expect(reopened.getAccount(address)?.nonce).toBe(model.get(address)?.nonce)
          for (let slot = 0n; slot < 12n; slot++)
            expect(reopened.getStorage(address, slot)).toBe(model.get(address)?.storage.get(slot) ?? 0n)
        }
      }
    }
  })

  test('a revert rewrites the flat records, and the commits it abandoned are never replayed', async () => {
    const kv = createMemoryStore()
    const commits = await commitBlocks(kv)
    const target = commits[9]!
    const state = await WorldState.load(kv)
    await kv.batch((await state.resetToRoot(target.root, target.at)).writes)
    const reopened = await WorldState.load(kv)
    for (const address of ADDRESSES)
      expect(reopened.getAccount(address)?.balance).toBe(target.model.get(address)?.balance)
    // Blocks after the revert are replayed; the abandoned ones, numbered below them, are not.
    const model = cloneModel(target.model)
    reopened.applyDiff(randomBlockDiff(seededRandom(8), model, ADDRESSES, 4))
    await kv.batch((await reopened.commit()).writes)
    const again = await WorldState.load(kv)
    expect(bytesToHex(again.stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
    for (const address of ADDRESSES)
      expect(again.getAccount(address)?.balance).toBe(model.get(address)?.balance)
  })

  test('flat changes read back as written: a put of nothing apart from a delete, any key', () => {
    const address = 'cd2a3d9f938e13cd947ec05abc7fe734df8dd826'
    const slot = `${'0'.repeat(63)}7`
    const changes = [
      { type: 'put' as const, key: `ss:${address}:${slot}`, value: new Uint8Array(0) },
      { type: 'delete' as const, key: `ss:${address}:${'f'.repeat(64)}` },
      { type: 'put' as const, key: `sa:${address}`, value: Uint8Array.of(1, 2, 3) },
      { type: 'delete' as const, key: `sa:${address}` },
      // Not an account's or a slot's key as the state writes them: kept as text.
      { type: 'put' as const, key: `sa:${address.toUpperCase()}`, value: Uint8Array.of(4) },
      { type: 'delete' as const, key: 'ss:short' },
    ]
    expect(decodeFlatDelta(encodeFlatDelta(changes))).toEqual(changes)
    expect(decodeFlatDelta(new Uint8Array(0))).toEqual([])
  })

  test('an account change costs its 20 bytes of address, a slot change 52, not their keys as text', () => {
    const address = 'cd2a3d9f938e13cd947ec05abc7fe734df8dd826'
    const value = Uint8Array.of(9)
    const account = encodeFlatDelta([{ type: 'put', key: `sa:${address}`, value }])
    const slot = encodeFlatDelta([{ type: 'put', key: `ss:${address}:${'1'.repeat(64)}`, value }])
    expect(account.length).toBe(1 + 1 + 20 + 2)
    expect(slot.length).toBe(1 + 1 + 52 + 2)
  })
})
