import { createMerkleProof, createMPT, verifyMerkleProof } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, keccak256 } from '../crypto/hash.js'
import { bytesToHex } from '../util/hex.js'
import { orderedTrieKey, orderedTrieProof, orderedTrieRoot } from './ordered.js'
import { createProof, createProofSync, InvalidProofError, verifyProof } from './proof.js'
import { SecureMerklePatriciaTrie, verifySecureProof } from './secure.js'
import { TrieNodeStore } from './store.js'
import { loaderOf } from './testLoaders.js'
import { randomBytes, seededRandom } from './testRandom.js'
import { MerklePatriciaTrie } from './trie.js'

function buildPair(seed: number, count: number) {
  const random = seededRandom(seed)
  const entries: Array<[Uint8Array, Uint8Array]> = []
  for (let i = 0; i < count; i++) {
    // Mix of short values (inlined leaves) and long ones (hashed leaves).
    entries.push([randomBytes(random, 20), randomBytes(random, random() < 0.5 ? 3 : 70)])
  }
  return entries
}

describe('proofs', () => {
  test('our proofs of present and absent keys verify with the oracle', async () => {
    const entries = buildPair(1, 150)
    const trie = new SecureMerklePatriciaTrie()
    for (const [key, value] of entries) trie.putSync(key, value)
    const root = trie.root()
    for (const [key, value] of entries.slice(0, 40)) {
      const proof = trie.createProofSync(key)
      expect(await verifyMerkleProof(key, proof, { root, useKeyHashing: true })).toEqual(value)
    }
    const absent = seededRandom(99)
    for (let i = 0; i < 10; i++) {
      const key = randomBytes(absent, 20)
      const proof = trie.createProofSync(key)
      expect(await verifyMerkleProof(key, proof, { root, useKeyHashing: true })).toBeNull()
    }
  })

  test('oracle proofs verify with ours and give the same values', async () => {
    const entries = buildPair(2, 120)
    const oracle = await createMPT({ useKeyHashing: true })
    for (const [key, value] of entries) await oracle.put(key, value)
    const root = oracle.root()
    for (const [key, value] of entries.slice(0, 40)) {
      const proof = await createMerkleProof(oracle, key)
      expect(verifySecureProof(root, key, proof)).toEqual(value)
    }
    const missing = randomBytes(seededRandom(5), 20)
    expect(verifySecureProof(root, missing, await createMerkleProof(oracle, missing))).toBeUndefined()
  })

  test('our proofs equal the oracle proofs node for node', async () => {
    const entries = buildPair(3, 80)
    const trie = new SecureMerklePatriciaTrie()
    const oracle = await createMPT({ useKeyHashing: true })
    for (const [key, value] of entries) {
      trie.putSync(key, value)
      await oracle.put(key, value)
    }
    for (const [key] of entries.slice(0, 20)) {
      const ours = trie.createProofSync(key).map(bytesToHex)
      const theirs = (await createMerkleProof(oracle, key)).map(bytesToHex)
      expect(ours).toEqual(theirs)
    }
  })

  test('a proof against another root, with a node dropped, or with a node altered is rejected', () => {
    const entries = buildPair(4, 60)
    const trie = new SecureMerklePatriciaTrie()
    for (const [key, value] of entries) trie.putSync(key, value)
    const root = trie.root()
    const [key] = entries[7] as [Uint8Array, Uint8Array]
    const proof = trie.createProofSync(key)
    expect(proof.length).toBeGreaterThan(1)
    expect(() => verifySecureProof(keccak256(root), key, proof)).toThrow(InvalidProofError)
    expect(() => verifySecureProof(root, key, proof.slice(0, -1))).toThrow(InvalidProofError)
    const altered = proof.map((node) => node.slice())
    const last = altered[altered.length - 1] as Uint8Array
    last[last.length - 1] = (last[last.length - 1] as number) ^ 1
    expect(() => verifySecureProof(root, key, altered)).toThrow(InvalidProofError)
  })

  test('the empty trie proves every key absent with an empty proof', () => {
    const trie = new MerklePatriciaTrie()
    expect(createProofSync(trie, Uint8Array.of(1))).toEqual([])
    expect(verifyProof(EMPTY_TRIE_ROOT, Uint8Array.of(1), [])).toBeUndefined()
  })

  test('createProof loads nodes of a historical root through the loader', async () => {
    const source = new MerklePatriciaTrie()
    const entries = buildPair(6, 50)
    for (const [key, value] of entries) source.putSync(keccak256(key), value)
    const { root, nodes } = source.commit()
    const persisted = new Map(nodes.map(({ hash, encoded }) => [bytesToHex(hash), encoded]))
    const store = new TrieNodeStore({ loader: loaderOf(persisted) })
    const reopened = new MerklePatriciaTrie({ root, store })
    const [key, value] = entries[3] as [Uint8Array, Uint8Array]
    const proof = await createProof(reopened, keccak256(key))
    expect(verifyProof(root, keccak256(key), proof)).toEqual(value)
  })
})

describe('ordered tries (transactions, receipts)', () => {
  test('orderedTrieKey is the RLP of the index', () => {
    for (const index of [0, 1, 127, 128, 255, 256, 70_000]) {
      expect(bytesToHex(orderedTrieKey(index))).toBe(bytesToHex(RLP.encode(index)))
    }
  })

  test('roots and proofs agree with the oracle for 0, 1 and many items', async () => {
    const random = seededRandom(8)
    for (const count of [0, 1, 2, 17, 130, 300]) {
      const items = Array.from({ length: count }, () => randomBytes(random, 1 + Math.floor(random() * 120)))
      const oracle = await createMPT()
      for (const [index, item] of items.entries()) await oracle.put(RLP.encode(index), item)
      const root = orderedTrieRoot(items)
      expect(bytesToHex(root)).toBe(bytesToHex(oracle.root()))
      for (const index of [0, 1, 128, 129, count - 1].filter((i) => i >= 0 && i < count)) {
        const nodes = orderedTrieProof(items, index)
        expect(await verifyMerkleProof(RLP.encode(index), nodes, { root })).toEqual(items[index])
        expect(verifyProof(root, orderedTrieKey(index), nodes)).toEqual(items[index])
      }
    }
    expect(orderedTrieRoot([])).toEqual(EMPTY_TRIE_ROOT)
  })
})
