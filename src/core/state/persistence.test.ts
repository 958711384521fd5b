// idb checks `instanceof IDBRequest`, a browser global that fake-indexeddb/auto provides in Node.
import 'fake-indexeddb/auto'
import { verifyMerkleProof } from '@ethereumjs/mpt'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import { createIndexedDbStore } from '../storage/indexedDbStore.js'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { KeyValueStore } from '../storage/types.js'
import { seededRandom } from '../trie/testRandom.js'
import { bytesToHex, equalBytes, hexToBytes } from '../util/hex.js'
import { slotKey } from './account.js'
import { addressOf, cloneModel, type Model, oracleStateRoot, randomBlockDiff } from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 15 }, (_, i) => addressOf(i))

async function roundTrip(open: () => Promise<KeyValueStore>) {
  const random = seededRandom(17)
  const model: Model = new Map()
  let kv = await open()
  const state = new WorldState({ kv })
  let early: { root: Uint8Array; at: number; model: Model } | undefined
  for (let block = 0; block < 40; block++) {
    state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
    const { stateRoot, stateAt, writes } = await state.commit()
    await kv.batch(writes)
    if (block === 10) early = { root: stateRoot, at: stateAt, model: cloneModel(model) }
  }
  await kv.close()
  kv = await open()
  const reopened = await WorldState.load(kv)
  expect(bytesToHex(reopened.stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
  for (const address of ADDRESSES) {
    const expected = model.get(address)
    expect(reopened.getAccount(address)?.balance).toBe(expected?.balance)
    expect(bytesToHex(reopened.getCode(address))).toBe(bytesToHex(expected?.code ?? new Uint8Array(0)))
    for (let slot = 0n; slot < 12n; slot++)
      expect(reopened.getStorage(address, slot)).toBe(expected?.storage.get(slot) ?? 0n)
    expect(await reopened.at(early!.root, early!.at).getBalance(address)).toBe(
      early!.model.get(address)?.balance ?? 0n,
    )
  }
  // Proofs of an old root, built from nodes read back from storage, verify with the oracle.
  let slotsVerifiedByOracle = 0
  for (const address of ADDRESSES.slice(0, 5)) {
    const proof = await reopened.at(early!.root, early!.at).getProof(address, [0n, 1n])
    const proven = await verifyMerkleProof(hexToBytes(address), proof.accountProof, {
      root: early!.root,
      useKeyHashing: true,
    })
    expect(proven === null).toBe(!early!.model.has(address))
    for (const { key, value, proof: nodes } of proof.storageProof) {
      if (equalBytes(proof.storageHash, EMPTY_TRIE_ROOT)) {
        // As geth and the oracle's own createMerkleProof: an empty storage trie has an empty proof.
        expect(nodes).toEqual([])
        expect(value).toBe(0n)
        continue
      }
      const slotValue = await verifyMerkleProof(slotKey(key), nodes, {
        root: proof.storageHash,
        useKeyHashing: true,
      })
      expect(value).toBe(early!.model.get(address)?.storage.get(key) ?? 0n)
      expect(slotValue === null).toBe(value === 0n)
      slotsVerifiedByOracle++
    }
  }
  expect(slotsVerifiedByOracle).toBeGreaterThan(0)
  await kv.close()
}

describe('persistence through the node stores', () => {
  test('the memory store holds a state that reloads with the same accounts and history', async () => {
    const store = createMemoryStore()
    // The memory store lives as long as the object; "reopening" hands back the same one.
    await roundTrip(async () => ({ ...store, close: async () => {} }) as KeyValueStore)
  })

  test('IndexedDB (fake-indexeddb) holds a state that reloads after close and reopen', async () => {
    const indexedDB = new IDBFactory()
    await roundTrip(() => createIndexedDbStore({ indexedDB, keyRange: IDBKeyRange, name: 'state-test' }))
  })
})

test('loading 1,000 accounts from IndexedDB (fake-indexeddb) is measured', async () => {
  const indexedDB = new IDBFactory()
  const open = () => createIndexedDbStore({ indexedDB, keyRange: IDBKeyRange, name: 'state-load' })
  let kv = await open()
  const writer = new WorldState({ kv })
  const diff = new Map(
    Array.from({ length: 1000 }, (_, i) => [
      addressOf(i),
      {
        account: { nonce: 0n, balance: BigInt(i + 1), codeHash: KECCAK256_EMPTY },
        storage: new Map<bigint, bigint>(),
      },
    ]),
  )
  writer.applyDiff(diff)
  const { stateRoot, writes } = await writer.commit()
  await kv.batch(writes)
  await kv.close()
  kv = await open()
  const started = performance.now()
  const loaded = await WorldState.load(kv)
  const elapsed = performance.now() - started
  console.log(
    `state: load of 1,000 accounts from fake-indexeddb ${elapsed.toFixed(1)} ms (${writes.length} records written)`,
  )
  expect(loaded.accountCount).toBe(1000)
  expect(loaded.stateRoot).toEqual(stateRoot)
  expect(loaded.getAccount(addressOf(999))?.balance).toBe(1000n)
  await kv.close()
})
