import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { sha256, sha256d } from '../crypto/fastSha256'
import { reverseBytes } from '../mining/bitcoin/byteIo'
import { bitcoinHeaderHash, decodeBitcoinHeader, encodeBitcoinHeader } from '../mining/bitcoin/header'
import { merkleRoot } from '../mining/bitcoin/merkle'
import { bytesToUnprefixedHex, concatBytes, hexToBytes } from '../util/hex'
import { REGTEST_BITS } from './params'
import {
  buildPartialMerkleTree,
  decodeMerkleBlock,
  encodeMerkleBlock,
  PartialMerkleTreeError,
  parsePartialMerkleTree,
} from './partialMerkleTree'
import { meetsTarget } from './pow'

const hex = bytesToUnprefixedHex
/** Display-order txids 0..n-1. */
const txidsOf = (n: number) => Array.from({ length: n }, (_, i) => sha256(Uint8Array.of(i, n)))
const internal = (txid: Uint8Array) => hex(reverseBytes(txid))
const pairHash = (a: Uint8Array, b: Uint8Array) => sha256d(concatBytes(reverseBytes(a), reverseBytes(b)))

describe("the bytes of Bitcoin Core's CPartialMerkleTree, built by hand from its algorithm", () => {
  it('one transaction, matched and not', () => {
    const [t0] = txidsOf(1) as [Uint8Array]
    expect(hex(buildPartialMerkleTree([t0], [true]))).toBe(
      `01000000 01 ${internal(t0)} 01 01`.replaceAll(' ', ''),
    )
    expect(hex(buildPartialMerkleTree([t0], [false]))).toBe(
      `01000000 01 ${internal(t0)} 01 00`.replaceAll(' ', ''),
    )
  })

  it('three transactions, the last matched: the odd leaf is not duplicated in the proof', () => {
    const [t0, t1, t2] = txidsOf(3) as [Uint8Array, Uint8Array, Uint8Array]
    // Flags, depth first: root 1, left subtree 0 (hash given), right subtree 1, leaf t2 1 → 0b1101.
    const expected = `03000000 02 ${hex(pairHash(t0, t1))} ${internal(t2)} 01 0d`.replaceAll(' ', '')
    expect(hex(buildPartialMerkleTree([t0, t1, t2], [false, false, true]))).toBe(expected)
  })

  it('four transactions, the middle two matched', () => {
    const ids = txidsOf(4)
    // Flags 1,1,0,1,1,1,0 (LSB first) = 0x3b; every leaf hash is needed.
    const expected = `04000000 04 ${ids.map(internal).join('')} 01 3b`.replaceAll(' ', '')
    expect(hex(buildPartialMerkleTree(ids, [false, true, true, false]))).toBe(expected)
  })

  it('no match: only the root', () => {
    const ids = txidsOf(7)
    const expected = `07000000 01 ${internal(merkleRoot(ids))} 01 00`.replaceAll(' ', '')
    expect(
      hex(
        buildPartialMerkleTree(
          ids,
          ids.map(() => false),
        ),
      ),
    ).toBe(expected)
  })
})

describe('build then parse', () => {
  it('gives the block’s merkle root, the matched txids and their positions for every shape', () => {
    for (let n = 1; n <= 33; n++) {
      const ids = txidsOf(n)
      const patterns = [
        ids.map((_, i) => i === 0),
        ids.map((_, i) => i === n - 1),
        ids.map((_, i) => i % 3 === 1),
      ]
      for (const matches of patterns) {
        const parsed = parsePartialMerkleTree(buildPartialMerkleTree(ids, matches))
        expect(hex(parsed.root)).toBe(hex(merkleRoot(ids)))
        const indexes = matches.flatMap((m, i) => (m ? [i] : []))
        expect(parsed.indexes).toEqual(indexes)
        expect(parsed.matched.map(hex)).toEqual(indexes.map((i) => hex(ids[i] as Uint8Array)))
        expect(parsed.totalTransactions).toBe(n)
      }
    }
  })

  it('proves the root bitcoinjs-lib computes for the same transactions', () => {
    const txs = Array.from({ length: 5 }, (_, i) => {
      const tx = new bitcoin.Transaction()
      tx.addInput(new Uint8Array(32).fill(i + 1), i)
      tx.addOutput(Uint8Array.of(0x51), BigInt(i))
      return tx
    })
    const ids = txs.map((tx) => hexToBytes(tx.getId()))
    const parsed = parsePartialMerkleTree(buildPartialMerkleTree(ids, [false, false, false, true, false]))
    expect(hex(reverseBytes(parsed.root))).toBe(hex(bitcoin.Block.calculateMerkleRoot(txs)))
    expect(parsed.matched.map(hex)).toEqual([txs[3]!.getId()])
  })
})

describe('malformed and tampered trees are refused or prove something else', () => {
  const expectRefused = (bytes: string, reason: RegExp) => {
    expect(() => parsePartialMerkleTree(hexToBytes(bytes.replaceAll(' ', '')))).toThrow(
      PartialMerkleTreeError,
    )
    expect(() => parsePartialMerkleTree(hexToBytes(bytes.replaceAll(' ', '')))).toThrow(reason)
  }
  const h = (byte: number) => '00'.repeat(31) + byte.toString(16).padStart(2, '0')

  it('refuses a mutated tree whose duplicated last transaction fakes a match (CVE-2012-2459)', () => {
    const [a, b, c] = txidsOf(3) as Uint8Array[]
    // [a, b, c, c] has the same merkle root as [a, b, c]: Core's parser refuses it.
    const mutated = [a!, b!, c!, c!]
    expect(hex(merkleRoot(mutated))).toBe(hex(merkleRoot([a!, b!, c!])))
    for (const match of [2, 3]) {
      const pmt = buildPartialMerkleTree(
        mutated,
        mutated.map((_, i) => i === match),
      )
      expect(() => parsePartialMerkleTree(pmt)).toThrow(/CVE-2012-2459/)
    }
  })

  it('refuses impossible counts and lengths', () => {
    expectRefused('00000000 00 00', /zero transactions/)
    expectRefused(`${hex(Uint8Array.of(0x1b, 0x41, 0, 0))} 01 ${h(1)} 01 00`, /exceed a block's maximum/)
    expectRefused(`01000000 02 ${h(1)}${h(2)} 01 01`, /more hashes than transactions/)
    expectRefused(`03000000 02 ${h(1)}${h(2)} 00`, /fewer flag bits than hashes/)
    expectRefused(`03000000 02 ${h(1)}${h(2)} 01 00`, /unused hashes/)
    expectRefused(`01000000 01 ${h(1)} 02 0100`, /unused flag bytes/)
    expectRefused(`04000000 01 ${h(1)} 01 01`, /hashes run out/)
    expectRefused(`01000000 01 ${h(1)} 01 01 00`, /unexpected bytes after/)
    expectRefused(`01000000 05 ${h(1)}`, /do not fit/)
    expectRefused('0100', /unexpected end of data/)
  })

  it('a changed hash or flag changes the root or the matches', () => {
    const ids = txidsOf(6)
    const matches = [false, true, false, false, true, false]
    const pmt = buildPartialMerkleTree(ids, matches)
    const good = parsePartialMerkleTree(pmt)
    for (let at = 5; at < pmt.length; at++) {
      const tampered = pmt.slice()
      tampered[at] = (tampered[at] as number) ^ 0x01
      let result: ReturnType<typeof parsePartialMerkleTree> | undefined
      try {
        result = parsePartialMerkleTree(tampered)
      } catch (error) {
        expect(error).toBeInstanceOf(PartialMerkleTreeError)
        continue
      }
      const same =
        hex(result.root) === hex(good.root) &&
        hex(concatBytes(...result.matched)) === hex(concatBytes(...good.matched))
      expect(same, `byte ${at}`).toBe(false)
    }
  })

  it('refuses mismatched inputs when building', () => {
    expect(() => buildPartialMerkleTree([], [])).toThrow(/at least one transaction/)
    expect(() => buildPartialMerkleTree(txidsOf(2), [true])).toThrow(/1 match flags for 2/)
    expect(() => buildPartialMerkleTree([new Uint8Array(31)], [true])).toThrow(/32 bytes/)
  })
})

describe('merkle blocks (gettxoutproof)', () => {
  it("read bitcoind's proof of a mainnet transaction: the tree proves the header's merkle root", () => {
    // `bitcoin-cli gettxoutproof '["60d9a845…40b7"]'` (Bitcoin Core 29, block 901,846: 185 transactions).
    const proof = hexToBytes(
      '0000cc20e74e69db30fe908461c810b9eba24151cef87e792bd401000000000000000000a01c882adabe4bbec11589f2932c935899e43af3fa4b2027f9c4f63717b3cb5898755368043a02178c51f26f' +
        'b9000000098053e31823ccf1bb4de37aaeeed1e922584dac851bbf921682c24fad3943350a2691b8e84f8272c91bad54a7bdc8d4c33e957f2f4b01b06dd213703bf286722b64f4cf0fc2a4001a9b7d98c127d4b68d8d19613160bdb4c91db83af9f763bb5af185023cb7489f1f636ec2b5668830890fb1484f708a3ffe504e121f9823399fb7407de44f8e0f8b4c64875cd0fb812ccea56fd9a86d2e98ac1895bf45a8d960233e59b2fca56ed1c8b178b0808d7a235d9a355071a6f5395fe1328dfd712d4a8be740030e3e296e0e685f4594e15d19698418213862628990a91e21b5715e562b4d8db89eac431ab6d0e3dbaf863d5616d4307355af0d17175eca4cbbbc725cb4e868aebda7ff853da5b8b306be68bf38b3ac197bfbb264c91f61228ecd127c036f1500',
    )
    const { header, pmt } = decodeMerkleBlock(proof)
    expect(hex(bitcoinHeaderHash(header))).toBe(
      '000000000000000000019fda9794e3ead682f1b6a1cc68c3bd0d95a35f4db0b8',
    )
    expect(meetsTarget(header)).toBe(true)
    const parsed = parsePartialMerkleTree(pmt)
    expect(parsed.totalTransactions).toBe(185)
    expect(parsed.matched.map(hex)).toEqual([
      '60d9a845bf9518ac982e6da8d96fa5ce2c81fbd05c87644c8b0f8e4fe47d40b7',
    ])
    expect(parsed.root).toEqual(decodeBitcoinHeader(header).merkleRoot)
    expect(encodeMerkleBlock(header, pmt)).toEqual(proof)
    const tampered = proof.slice()
    tampered[200] = (tampered[200] as number) ^ 1
    expect(parsePartialMerkleTree(decodeMerkleBlock(tampered).pmt).root).not.toEqual(parsed.root)
  })

  const ids = txidsOf(5)
  const header = encodeBitcoinHeader({
    version: 0x20000000,
    previousBlockHash: new Uint8Array(32),
    merkleRoot: merkleRoot(ids),
    time: 1_700_000_000,
    bits: REGTEST_BITS,
    nonce: 0,
  })

  it('are the header followed by the tree, and split back into both', () => {
    const pmt = buildPartialMerkleTree(ids, [false, false, true, false, false])
    const block = encodeMerkleBlock(header, pmt)
    expect(hex(block)).toBe(hex(header) + hex(pmt))
    const decoded = decodeMerkleBlock(block)
    expect(decoded).toEqual({ header, pmt })
    expect(parsePartialMerkleTree(decoded.pmt).root).toEqual(decodeBitcoinHeader(decoded.header).merkleRoot)
  })

  it('refuse a short header and a broken tree', () => {
    expect(() => encodeMerkleBlock(header.slice(1), new Uint8Array(0))).toThrow(/80 bytes, got 79/)
    expect(() => decodeMerkleBlock(header.slice(0, 40))).toThrow(/80-byte header/)
    expect(() => decodeMerkleBlock(concatBytes(header, hexToBytes('00000000')))).toThrow(
      PartialMerkleTreeError,
    )
  })
})
