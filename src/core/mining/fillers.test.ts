import { describe, expect, test } from 'vitest'
import { sha256d } from '../crypto/fastSha256'
import { keccak256 } from '../crypto/hash'
import { bytesToHex, concatBytes } from '../util/hex'
import { reverseBytes } from './bitcoin/byteIo'
import { coinbaseMerkleBranch, merkleRoot } from './bitcoin/merkle'
import { serializeTransaction, transactionId } from './bitcoin/transaction'
import {
  FILLER_SETS,
  fillerSet,
  fillerSetIndex,
  fillerTransactions,
  serializedFillerTransactions,
} from './fillers'

describe('filler transactions', () => {
  test('the direct serialization is byte for byte the serialization of the filler objects', () => {
    const counts = new Set<number>()
    for (let i = 0; i < 300; i++) {
      const seed = keccak256(Uint8Array.of(i & 0xff, i >> 8))
      const expected = fillerTransactions(seed).map((tx) => bytesToHex(serializeTransaction(tx)))
      expect(serializedFillerTransactions(seed).map(bytesToHex)).toEqual(expected)
      counts.add(expected.length)
    }
    // Every filler count (1–6) was compared.
    expect([...counts].sort()).toEqual([1, 2, 3, 4, 5, 6])
  })

  test("a set's siblings are the coinbase's branch in the whole tree, whatever the coinbase", () => {
    for (let i = 0; i < 40; i++) {
      const seed = keccak256(Uint8Array.of(0xaa, i))
      const coinbaseId = keccak256(Uint8Array.of(0xbb, i))
      const txids = [coinbaseId, ...fillerTransactions(seed).map(transactionId)]
      const set = fillerSet(seed)
      expect(bytesToHex(set.proof)).toBe(bytesToHex(concatBytes(...coinbaseMerkleBranch(txids))))
      // Walking the path from the coinbase with the siblings gives the whole tree's root.
      let node = reverseBytes(coinbaseId)
      for (const sibling of set.siblings) node = sha256d(concatBytes(node, sibling))
      expect(bytesToHex(reverseBytes(node))).toBe(bytesToHex(merkleRoot(txids)))
    }
  })

  test('seeds spread over every set, and the same seed always draws the same one', () => {
    const drawn = new Set<number>()
    for (let i = 0; i < 5000; i++) drawn.add(fillerSetIndex(keccak256(Uint8Array.of(i & 0xff, i >> 8))))
    expect(drawn.size).toBe(FILLER_SETS)
    const seed = keccak256(Uint8Array.of(1))
    expect(fillerSetIndex(seed.slice())).toBe(fillerSetIndex(seed))
  })
})
