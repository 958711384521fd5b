import { describe, expect, test } from 'vitest'
import { keccak256 } from './keccak.js'
import {
  commitRecordSections,
  decodePackedNodes,
  decodeTrieNodeRecord,
  encodeCommitRecord,
  encodePackedNodes,
  encodeRootRecord,
  findPackedNode,
  packedNodesKey,
  seqOfPackedNodesKey,
} from './packedNodes.js'

const rlp = (n: number, size = 40) =>
  Uint8Array.from({ length: size }, (_, i) => (i === 0 ? 0xf8 : (n * 7 + i) & 0xff))
const node = (n: number, childAt: number[], size?: number) => {
  const encoded = rlp(n, size)
  return { hash: keccak256(encoded), encoded, childAt }
}

describe('the records trie nodes are stored in', () => {
  test('a root record gives back the node and where its children lie', () => {
    const encoded = rlp(1, 532)
    const decoded = decodeTrieNodeRecord(encodeRootRecord(encoded, [0, 7, 200, 1_000_000]))
    expect(decoded.encoded).toEqual(encoded)
    expect(decoded.childAt).toEqual([0, 7, 200, 1_000_000])
  })

  test('a record of the previous layout is the node itself, its children all under their hash', () => {
    const encoded = rlp(2)
    expect(decodeTrieNodeRecord(encoded)).toEqual({ encoded, childAt: undefined })
  })

  test('a packed record gives back every node with its children in this, earlier or root records', () => {
    const seq = 5_000
    const nodes = [node(1, []), node(2, [5_000, 0]), node(3, [4_999, 1, 5_000], 600), node(4, [0, 0, 0])]
    // What the commit carries after its nodes (its flat changes) does not disturb them.
    const extra = Uint8Array.of(1, 2, 3)
    const record = encodeCommitRecord(encodePackedNodes(seq, nodes), extra)
    expect(decodePackedNodes(record, seq)).toEqual(nodes)
    expect(commitRecordSections(record).extra).toEqual(extra)
    for (const { hash, encoded, childAt } of nodes)
      expect(findPackedNode(record, seq, hash)).toEqual({ hash, encoded, childAt })
    expect(findPackedNode(record, seq, keccak256(Uint8Array.of(9)))).toBeUndefined()
  })

  test('a child in the same record costs one byte, however large the commit number', () => {
    const one = encodePackedNodes(1, [node(1, [1, 1, 1])]).length
    const late = encodePackedNodes(2 ** 40, [node(1, [2 ** 40, 2 ** 40, 2 ** 40])]).length
    expect(late).toBe(one)
  })

  test('a node cannot name a record written after its own', () => {
    expect(() => encodePackedNodes(3, [node(1, [4])])).toThrow(/later record/)
  })

  test('a record cut short is an error, not a node', () => {
    const record = encodeCommitRecord(encodePackedNodes(2, [node(1, [2, 0])]), new Uint8Array(0))
    expect(() => decodePackedNodes(record.subarray(0, record.length - 5), 2)).toThrow(RangeError)
  })

  test('keys sort by commit number', () => {
    const keys = [1, 2, 15, 16, 255, 256, 2 ** 40].map(packedNodesKey)
    expect([...keys].sort()).toEqual(keys)
    expect(keys.map(seqOfPackedNodesKey)).toEqual([1, 2, 15, 16, 255, 256, 2 ** 40])
  })
})
