import { describe, expect, test } from 'vitest'
import { loadCurves } from '../crypto/curves.js'
import { EMPTY_LIST_HASH, keccak256 } from '../crypto/hash.js'
import { NETWORKS, REMASC_ADDRESS } from '../network/networks.js'
import { bigintToBytes, bytesToHex, hexToBytes, utf8ToBytes } from '../util/hex.js'
import {
  blockSize,
  cumulativeDifficulty,
  decodeBlockParts,
  encodeBlock,
  isRemascTransaction,
  remascTransaction,
  unclesHash,
} from './block.js'
import { blockHash, encodeFullHeader } from './header.js'
import { decodeFullHeader, headerRulesFor } from './headerDecode.js'
import { rlpDecodeList, rlpEncode } from './rlp.js'
import { rskExampleBlock, sampleHeader } from './testFixtures.js'
import { decodeTransaction, signTransaction, transactionSender } from './transaction.js'
import { transactionsRoot } from './tries.js'

// The transactions below are signed while the tests are collected, before any hook runs.
await loadCurves()

describe('the REMASC transaction', () => {
  test('has RSKj byte layout: raw 0x00 gas price and gas limit, empty value, data and signature', () => {
    expect(bytesToHex(remascTransaction(436n).raw)).toBe(
      '0xdf8201b300009400000000000000000000000000000000010000088080808080',
    )
  })

  test('of real block 436 reproduces that block transactionsRoot, so its hash and encoding are RSKj-exact', () => {
    expect(bytesToHex(transactionsRoot([remascTransaction(436n)]))).toBe(rskExampleBlock.transactionsRoot)
  })

  test('has nonce = block number − 1, zero gas fields, the zero-address sender and REMASC as recipient', () => {
    const tx = remascTransaction(1n)
    expect(tx.nonce).toBe(0n)
    expect(tx.gasPrice).toBe(0n)
    expect(tx.gasLimit).toBe(0n)
    expect(tx.value).toBe(0n)
    expect(tx.to).toBe('0x0000000000000000000000000000000001000008')
    expect(tx.signed).toBe(false)
    expect([tx.v, tx.r, tx.s]).toEqual([0, 0n, 0n])
    expect(transactionSender(tx)).toBe('0x0000000000000000000000000000000000000000')
  })

  test('is recognised only in the last position', () => {
    const tx = remascTransaction(9n)
    expect(isRemascTransaction(tx, 2, 3)).toBe(true)
    expect(isRemascTransaction(tx, 1, 3)).toBe(false)
    const signed = signTransaction(
      { nonce: 0n, gasPrice: 0n, gasLimit: 0n, to: tx.to, value: 0n, data: new Uint8Array(0) },
      keccak256(utf8ToBytes('cow')),
      33,
    )
    expect(isRemascTransaction(signed, 0, 1)).toBe(false)
  })

  test("is what decoding RSKj's encoding of it gives, hash and raw bytes included", () => {
    for (const n of [1n, 2n, 255n, 256n, 65_537n, 10n ** 12n]) {
      const raw = rlpEncode([
        bigintToBytes(n - 1n),
        Uint8Array.of(0),
        Uint8Array.of(0),
        hexToBytes(REMASC_ADDRESS),
        new Uint8Array(0),
        new Uint8Array(0),
        new Uint8Array(0),
        new Uint8Array(0),
        new Uint8Array(0),
      ])
      expect(remascTransaction(n)).toEqual(decodeTransaction(raw))
    }
  })

  test('does not exist for the genesis block', () => {
    expect(() => remascTransaction(0n)).toThrow(RangeError)
  })
})

describe('block RLP', () => {
  const cow = keccak256(utf8ToBytes('cow'))
  const transfer = signTransaction(
    {
      nonce: 0n,
      gasPrice: 0n,
      gasLimit: 21000n,
      to: '0x7986b3df570230288501eea3d890bd66948c9b79',
      value: 1n,
      data: new Uint8Array(0),
    },
    cow,
    33,
  )
  const uncle = sampleHeader({ number: 4n })
  const block = { header: sampleHeader(), transactions: [transfer, remascTransaction(5n)], uncles: [uncle] }

  test('is [full header, transactions, uncle full headers] and its length is the size', () => {
    const encoded = encodeBlock(block)
    const [header, txs, uncles] = rlpDecodeList(encoded) as [unknown, unknown[], unknown[]]
    expect(header).toEqual(rlpDecodeList(encodeFullHeader(block.header)))
    expect(txs).toHaveLength(2)
    expect(uncles).toHaveLength(1)
    expect(blockSize(block)).toBe(encoded.length)
  })

  test('the size is the encoding length whatever length prefixes the lists need', () => {
    // Transaction lists of 0 to 70,000 payload bytes cross the one-, two- and three-byte length forms.
    for (const dataLength of [0, 10, 200, 300, 70_000]) {
      const transactions = [
        signTransaction({ ...transfer, nonce: 1n, data: new Uint8Array(dataLength).fill(7) }, cow, 33),
        remascTransaction(5n),
      ]
      for (const candidate of [
        { ...block, transactions, uncles: [] },
        { ...block, transactions: [remascTransaction(5n)], uncles: [] },
        { ...block, transactions },
      ]) {
        expect(blockSize(candidate)).toBe(encodeBlock(candidate).length)
      }
    }
  })

  test('splits back into the same header, transactions and uncles', () => {
    const parts = decodeBlockParts(encodeBlock(block))
    const rules = headerRulesFor(NETWORKS.regtest, 5n)
    expect(blockHash(decodeFullHeader(parts.header, rules))).toEqual(blockHash(block.header))
    expect(parts.transactions.map((tx) => tx.hash)).toEqual(block.transactions.map((tx) => tx.hash))
    expect(parts.uncles).toEqual([encodeFullHeader(uncle)])
  })

  test('the uncles hash of no uncles is keccak(rlp([])), of some uncles keccak of their full encodings', () => {
    expect(unclesHash([])).toEqual(EMPTY_LIST_HASH)
    const full = encodeFullHeader(uncle)
    const list = new Uint8Array([0xf9, full.length >> 8, full.length & 0xff, ...full])
    expect(unclesHash([uncle])).toEqual(keccak256(list))
  })

  test('a list that is not three items long is refused', () => {
    expect(() => decodeBlockParts(hexToBytes('0xc3808080c0'.slice(0, 10)))).toThrow()
  })
})

test('cumulative difficulty adds the uncles to the block difficulty', () => {
  expect(cumulativeDifficulty({ difficulty: 5n }, [{ difficulty: 3n }, { difficulty: 4n }])).toBe(12n)
  expect(cumulativeDifficulty({ difficulty: 1n }, [])).toBe(1n)
})
