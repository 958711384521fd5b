import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, keccak256 } from '../crypto/hash.js'
import { bytesToHex, utf8ToBytes } from '../util/hex.js'
import { remascTransaction } from './block.js'
import { rskTrieChildrenSize, rskTrieRoot } from './rskTrie.js'
import { rskExampleBlock } from './testFixtures.js'
import { signTransaction } from './transaction.js'
import { indexKey, receiptsRoot, transactionsRoot } from './tries.js'

describe('RSKj binary trie (transactions and receipts roots)', () => {
  test('no items give the empty trie root keccak(rlp(""))', () => {
    expect(transactionsRoot([])).toEqual(EMPTY_TRIE_ROOT)
    expect(receiptsRoot([])).toEqual(EMPTY_TRIE_ROOT)
  })

  test('one REMASC transaction reproduces real block 436 transactionsRoot', () => {
    expect(bytesToHex(transactionsRoot([remascTransaction(436n)]))).toBe(rskExampleBlock.transactionsRoot)
  })

  test('keys are RLP of the index as RSKj RLP.encodeInt writes them', () => {
    expect(bytesToHex(indexKey(0))).toBe('0x80')
    expect(bytesToHex(indexKey(1))).toBe('0x01')
    expect(bytesToHex(indexKey(127))).toBe('0x7f')
    expect(bytesToHex(indexKey(128))).toBe('0x8180')
    expect(bytesToHex(indexKey(256))).toBe('0x820100')
  })

  test('tree sizes match RSKj TrieTreeSizeTest: 35 with a 32-byte value, 71 with a 33-byte one', () => {
    expect(
      rskTrieChildrenSize([
        [Uint8Array.of(0), Uint8Array.of(1)],
        [Uint8Array.of(1), new Uint8Array(32)],
      ]),
    ).toBe(35)
    expect(
      rskTrieChildrenSize([
        [Uint8Array.of(0), Uint8Array.of(1)],
        [Uint8Array.of(1), new Uint8Array(33)],
      ]),
    ).toBe(71)
  })

  test('the root does not depend on insertion order and changes with any value', () => {
    const entries = Array.from(
      { length: 300 },
      (_, i) => [indexKey(i), keccak256(utf8ToBytes(`v${i}`))] as const,
    )
    const root = rskTrieRoot(entries)
    expect(rskTrieRoot([...entries].reverse())).toEqual(root)
    const changed = entries.map(([k, v], i) =>
      i === 200 ? ([k, Uint8Array.of(1)] as const) : ([k, v] as const),
    )
    expect(rskTrieRoot(changed)).not.toEqual(root)
  })

  test('a single short entry is hashed as one leaf node: flags, path, value', () => {
    // flags 0x50 = version 01 + shared path present; path of 8 bits: prefix 7, then the key byte.
    const expected = keccak256(Uint8Array.of(0x50, 7, 0x80, 0xaa))
    expect(rskTrieRoot([[Uint8Array.of(0x80), Uint8Array.of(0xaa)]])).toEqual(expected)
  })

  test('a value over 32 bytes is committed by hash and 3-byte length', () => {
    const value = new Uint8Array(40).fill(3)
    const expected = keccak256(Uint8Array.of(0x70, 7, 0x80, ...keccak256(value), 0, 0, 40))
    expect(rskTrieRoot([[Uint8Array.of(0x80), value]])).toEqual(expected)
  })

  test('many transactions and receipts give stable 32-byte roots', () => {
    const cow = keccak256(utf8ToBytes('cow'))
    const txs = Array.from({ length: 130 }, (_, i) =>
      signTransaction(
        {
          nonce: BigInt(i),
          gasPrice: 1n,
          gasLimit: 21000n,
          to: '0x7986b3df570230288501eea3d890bd66948c9b79',
          value: 1n,
          data: new Uint8Array(0),
        },
        cow,
        33,
      ),
    )
    const root = transactionsRoot(txs)
    expect(root).toHaveLength(32)
    // The transactions' own hashes stand for their encodings' hashes: the same root as hashing them.
    expect(root).toEqual(rskTrieRoot(txs.map((tx, i) => [indexKey(i), tx.raw] as const)))
    expect(transactionsRoot(txs.slice(0, 129))).not.toEqual(root)
    const receipts = txs.map((_, i) => ({
      status: true,
      cumulativeGasUsed: BigInt(21000 * (i + 1)),
      gasUsed: 21000n,
      logs: [],
    }))
    expect(receiptsRoot(receipts)).toHaveLength(32)
    expect(receiptsRoot(receipts)).not.toEqual(receiptsRoot(receipts.slice(1)))
  })
})
