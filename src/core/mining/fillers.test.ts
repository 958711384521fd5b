import { describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash'
import { bytesToHex } from '../util/hex'
import { serializeTransaction } from './bitcoin/transaction'
import { fillerTransactions, serializedFillerTransactions } from './fillers'

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
})
