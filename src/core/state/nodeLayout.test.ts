import { describe, expect, test } from 'vitest'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { keccak256 } from '../trie/keccak.js'
import { decodeTrieNodeRecord, PACKED_NODES_PREFIX, packedNodesKey } from '../trie/packedNodes.js'
import { kvTrieNodeLoaders, TrieNodeStore } from '../trie/store.js'
import { seededRandom } from '../trie/testRandom.js'
import { bytesToHex, bytesToUnprefixedHex } from '../util/hex.js'
import { decodeFlatDelta, encodeFlatDelta, FLAT_FLUSHED_KEY, FLAT_REWRITE_EVERY } from './flatDeltas.js'
import {
  addressOf,
  cloneModel,
  MapKeyValueStore,
  type Model,
  oracleStateRoot,
  randomBlockDiff,
} from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 12 }, (_, i) => addressOf(i))

/** Commits 40 random blocks; each commit's writes, root and model. */
async function commitBlocks(kv: KeyValueStore) {
  const random = seededRandom(29)
  const model: Model = new Map()
  const state = new WorldState({ kv })
  const commits: Array<{ root: Uint8Array; model: Model; writes: KvOperation[] }> = []
  for (let block = 0; block < 40; block++) {
    state.applyDiff(randomBlockDiff(random, model, ADDRESSES, 4))
    const { stateRoot, writes } = await state.commit()
    await kv.batch(writes)
    state.nodes.saved()
    commits.push({ root: stateRoot, model: cloneModel(model), writes })
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
  for (const { root, model } of commits) {
    const at = reopened.at(root)
    for (const address of ADDRESSES) {
      const expected = model.get(address)
      expect(await at.getBalance(address)).toBe(expected?.balance ?? 0n)
      for (let slot = 0n; slot < 12n; slot++)
        expect(await at.getStorage(address, slot)).toBe(expected?.storage.get(slot) ?? 0n)
    }
  }
}

describe('where a state commit puts its trie nodes', () => {
  test('each trie’s root under its hash, every other node in one record numbered by the commit', async () => {
    const commits = await commitBlocks(createMemoryStore())
    for (const [i, { root, writes }] of commits.entries()) {
      const packed = writes.filter((w) => w.key.startsWith(PACKED_NODES_PREFIX))
      expect(packed.map((w) => w.key)).toEqual([packedNodesKey(i + 1)])
      const roots = writes.filter((w) => w.key.startsWith('t:'))
      // The account trie's root, and one for each storage trie the block changed.
      expect(roots.some((w) => w.key === `t:${bytesToUnprefixedHex(root)}`)).toBe(true)
      for (const w of roots) {
        if (w.type !== 'put') throw new Error('a commit deletes no node')
        const { encoded, childAt } = decodeTrieNodeRecord(w.value)
        expect(childAt).toBeDefined()
        expect(`t:${bytesToUnprefixedHex(keccak256(encoded))}`).toBe(w.key)
      }
    }
    const records = commits.map(
      ({ writes }) =>
        writes.filter((w) => w.key.startsWith('t:') || w.key.startsWith(PACKED_NODES_PREFIX)).length,
    )
    // Without packing a block of four accounts wrote ~12 nodes, each a record of its own.
    expect(Math.max(...records)).toBeLessThanOrEqual(6)
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
    await kv.batch((await state.resetToRoot(target.root)).writes)
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
