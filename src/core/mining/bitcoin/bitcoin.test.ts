import { describe, expect, test } from 'vitest'
import { bytesToHex, bytesToUnprefixedHex, hexToBytes } from '../../util/hex'
import { parseBitcoinBlock, serializeBitcoinBlock } from './block'
import { BitcoinDecodeError, ByteReader, ByteWriter } from './byteIo'
import {
  bitcoinHeaderHash,
  decodeBitcoinHeader,
  decodeCompactBits,
  encodeBitcoinHeader,
  encodeCompactBits,
} from './header'
import { coinbaseMerkleBranch, merkleRoot } from './merkle'
import {
  type BitcoinTransaction,
  parseTransaction,
  serializeTransaction,
  serializeTransactionForBlock,
  transactionId,
} from './transaction'

// Bitcoin's genesis block (mainnet), as every Bitcoin implementation hard-codes it.
const GENESIS_HEADER =
  '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c'
const GENESIS_COINBASE =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000'
const GENESIS_HASH = '0x000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'
const GENESIS_TXID = '0x4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'

describe('Bitcoin header', () => {
  test('decodes the genesis header into display-order hashes and little-endian fields', () => {
    const header = decodeBitcoinHeader(hexToBytes(GENESIS_HEADER))
    expect(header.version).toBe(1)
    expect(bytesToHex(header.previousBlockHash)).toBe(bytesToHex(new Uint8Array(32)))
    expect(bytesToHex(header.merkleRoot)).toBe(GENESIS_TXID)
    expect(header.time).toBe(1231006505)
    expect(header.bits).toBe(0x1d00ffff)
    expect(header.nonce).toBe(2083236893)
  })

  test('re-encodes the genesis header byte for byte and hashes it to the genesis hash', () => {
    const bytes = encodeBitcoinHeader(decodeBitcoinHeader(hexToBytes(GENESIS_HEADER)))
    expect(bytesToUnprefixedHex(bytes)).toBe(GENESIS_HEADER)
    expect(bytesToHex(bitcoinHeaderHash(bytes))).toBe(GENESIS_HASH)
  })

  test('rejects a header that is not 80 bytes', () => {
    expect(() => decodeBitcoinHeader(new Uint8Array(79))).toThrow(BitcoinDecodeError)
    expect(() => decodeBitcoinHeader(new Uint8Array(81))).toThrow(/80 bytes/)
  })

  test('compact bits round-trip the genesis target', () => {
    const target = decodeCompactBits(0x1d00ffff)
    expect(target).toBe(0xffffn << 208n)
    expect(encodeCompactBits(target)).toBe(0x1d00ffff)
  })

  test('compact bits keep the mantissa positive and never describe a larger target', () => {
    expect(encodeCompactBits(0x80n)).toBe(0x02008000)
    const target = (1n << 256n) / 3n
    const bits = encodeCompactBits(target)
    expect(decodeCompactBits(bits)).toBeLessThanOrEqual(target)
    expect(decodeCompactBits(bits)).toBeGreaterThan(target - (target >> 16n))
  })
})

describe('Bitcoin transaction', () => {
  test('parses the genesis coinbase and computes its txid', () => {
    const tx = parseTransaction(hexToBytes(GENESIS_COINBASE))
    expect(tx.inputs).toHaveLength(1)
    expect(tx.inputs[0]?.previousIndex).toBe(0xffffffff)
    expect(tx.outputs[0]?.value).toBe(5_000_000_000n)
    expect(bytesToUnprefixedHex(serializeTransaction(tx))).toBe(GENESIS_COINBASE)
    expect(bytesToHex(transactionId(tx))).toBe(GENESIS_TXID)
  })

  test('reads the segwit form, keeps the witness, and leaves it out of the txid', () => {
    const tx: BitcoinTransaction = {
      version: 2,
      inputs: [
        {
          previousTxid: new Uint8Array(32).fill(7),
          previousIndex: 1,
          scriptSig: new Uint8Array(0),
          sequence: 0xfffffffd,
          witness: [new Uint8Array(71).fill(1), new Uint8Array(33).fill(2)],
        },
      ],
      outputs: [{ value: 12345n, scriptPubKey: hexToBytes(`0014${'11'.repeat(20)}`) }],
      lockTime: 0,
    }
    const withWitness = serializeTransactionForBlock(tx)
    expect(withWitness[4]).toBe(0x00)
    expect(withWitness[5]).toBe(0x01)
    const parsed = parseTransaction(withWitness)
    expect(parsed.inputs[0]?.witness?.map(bytesToHex)).toEqual(tx.inputs[0]?.witness?.map(bytesToHex))
    expect(bytesToHex(serializeTransaction(parsed))).toBe(bytesToHex(serializeTransaction(tx)))
    expect(bytesToHex(transactionId(parsed))).toBe(bytesToHex(transactionId(tx)))
  })

  test('rejects truncated transactions and trailing bytes', () => {
    const bytes = hexToBytes(GENESIS_COINBASE)
    expect(() => parseTransaction(bytes.subarray(0, bytes.length - 1))).toThrow(/unexpected end/)
    expect(() => parseTransaction(hexToBytes(`${GENESIS_COINBASE}00`))).toThrow(/unexpected bytes/)
  })
})

describe('CompactSize', () => {
  test('uses 1, 3, 5 and 9 bytes at the boundaries and reads back the same values', () => {
    for (const [value, size] of [
      [0xfc, 1],
      [0xfd, 3],
      [0xffff, 3],
      [0x10000, 5],
      [0xffffffff, 5],
      [0x100000000, 9],
    ] as const) {
      const bytes = new ByteWriter().varInt(value).toBytes()
      expect(bytes.length).toBe(size)
      expect(new ByteReader(bytes).varInt()).toBe(value)
    }
  })
})

describe('merkle tree', () => {
  // Block 100,000 (mainnet): four transactions and their header's merkle root.
  const txids = [
    '8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87',
    'fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4',
    '6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4',
    'e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d',
  ].map(hexToBytes)

  test('computes the merkle root of block 100000', () => {
    expect(bytesToHex(merkleRoot(txids))).toBe(
      '0xf3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766',
    )
  })

  test('a single transaction is its own root and has an empty branch', () => {
    expect(bytesToHex(merkleRoot([hexToBytes(GENESIS_TXID)]))).toBe(GENESIS_TXID)
    expect(coinbaseMerkleBranch([hexToBytes(GENESIS_TXID)])).toEqual([])
  })

  test('the coinbase branch has one sibling per level, the first being the second txid', () => {
    const branch = coinbaseMerkleBranch(txids)
    expect(branch).toHaveLength(2)
    expect(bytesToHex(branch[0] as Uint8Array)).toBe(bytesToHex(txids[1] as Uint8Array))
    expect(coinbaseMerkleBranch(txids.slice(0, 3))).toHaveLength(2)
    expect(coinbaseMerkleBranch([...txids, ...txids.slice(0, 1)])).toHaveLength(3)
  })
})

describe('Bitcoin block', () => {
  test('parses and re-serializes the genesis block', () => {
    const hex = `${GENESIS_HEADER}01${GENESIS_COINBASE}`
    const block = parseBitcoinBlock(hexToBytes(hex))
    expect(block.transactions).toHaveLength(1)
    expect(bytesToHex(transactionId(block.transactions[0] as BitcoinTransaction))).toBe(GENESIS_TXID)
    expect(bytesToUnprefixedHex(serializeBitcoinBlock(block))).toBe(hex)
  })

  test('rejects a block without transactions or with trailing bytes', () => {
    expect(() => parseBitcoinBlock(hexToBytes(`${GENESIS_HEADER}00`))).toThrow(/coinbase is required/)
    expect(() => parseBitcoinBlock(hexToBytes(`${GENESIS_HEADER}01${GENESIS_COINBASE}ff`))).toThrow(
      /unexpected bytes after the block/,
    )
  })
})
