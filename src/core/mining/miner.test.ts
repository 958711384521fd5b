import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../util/hex'
import { reverseBytes } from './bitcoin/byteIo'
import { decodeBitcoinHeader } from './bitcoin/header'
import { coinbaseMerkleBranch, merkleRoot } from './bitcoin/merkle'
import { sha256FromMidstate, stateFromBytes } from './bitcoin/sha256Midstate'
import { parseTransaction, serializeTransaction, transactionId } from './bitcoin/transaction'
import {
  buildMergedMiningCoinbase,
  compressCoinbase,
  extractHashForMergedMining,
  lastIndexOfBytes,
  MERGED_MINING_COINBASE_BYTES,
  RSK_TAG,
  serializeMergedMiningCoinbase,
} from './coinbase'
import { grindHeader, grindHeaderNonce } from './headerGrinder'
import { type MineMergedMiningFieldsParameters, mineMergedMiningFields } from './miner'
import { difficultyToTarget } from './target'
import { verifyMergedMining } from './verify/verifyMergedMining'

function blockInputs(n: number, difficulty: bigint, previous: Uint8Array): MineMergedMiningFieldsParameters {
  return {
    hashForMergedMining: sha256(utf8ToBytes(`rsk block ${n}`)),
    difficulty,
    previousBitcoinHeaderHash: previous,
    timestamp: 1_700_000_000 + n,
    seed: utf8ToBytes(`seed ${n}`),
  }
}

describe('mineMergedMiningFields', () => {
  test('every mined block passes the independent checker, at difficulties 1 to 16', () => {
    for (let difficulty = 1n; difficulty <= 16n; difficulty++) {
      for (let n = 0; n < 20; n++) {
        const inputs = blockInputs(n, difficulty, new Uint8Array(32))
        const mined = mineMergedMiningFields(inputs)
        const result = verifyMergedMining({ ...inputs, ...mined })
        expect(result.reason, `difficulty ${difficulty} block ${n}`).toBeUndefined()
        expect(result.valid).toBe(true)
        expect(result.decoded.bitcoinHash).toBe(bytesToHex(mined.bitcoinHeaderHash))
      }
    }
  })

  test('meets the target as a display-order integer', () => {
    const mined = mineMergedMiningFields(blockInputs(1, 1000n, new Uint8Array(32)))
    expect(BigInt(bytesToHex(mined.bitcoinHeaderHash))).toBeLessThanOrEqual(difficultyToTarget(1000n))
    expect(bytesToHex(mined.bitcoinHeaderHash)).toBe(
      bytesToHex(reverseBytes(sha256(sha256(mined.bitcoinMergedMiningHeader)))),
    )
  })

  test('is deterministic: the same inputs give the same bytes', () => {
    const a = mineMergedMiningFields(blockInputs(7, 16n, new Uint8Array(32).fill(9)))
    const b = mineMergedMiningFields(blockInputs(7, 16n, new Uint8Array(32).fill(9)))
    expect(bytesToHex(a.bitcoinMergedMiningHeader)).toBe(bytesToHex(b.bitcoinMergedMiningHeader))
    expect(bytesToHex(a.bitcoinMergedMiningCoinbaseTransaction)).toBe(
      bytesToHex(b.bitcoinMergedMiningCoinbaseTransaction),
    )
    expect(bytesToHex(a.bitcoinMergedMiningMerkleProof)).toBe(bytesToHex(b.bitcoinMergedMiningMerkleProof))
    const other = mineMergedMiningFields({
      ...blockInputs(7, 16n, new Uint8Array(32).fill(9)),
      seed: Uint8Array.of(1),
    })
    expect(bytesToHex(other.fullCoinbase)).not.toBe(bytesToHex(a.fullCoinbase))
  })

  test('Bitcoin headers form their own chain through the previous-hash links', () => {
    let previous: Uint8Array = new Uint8Array(32)
    const hashes: string[] = []
    for (let n = 0; n < 10; n++) {
      const mined = mineMergedMiningFields(blockInputs(n, 5n, previous))
      const header = decodeBitcoinHeader(mined.bitcoinMergedMiningHeader)
      expect(bytesToHex(header.previousBlockHash)).toBe(bytesToHex(previous))
      expect(header.time).toBe(1_700_000_000 + n)
      previous = mined.bitcoinHeaderHash
      hashes.push(bytesToHex(previous))
    }
    expect(new Set(hashes).size).toBe(10)
  })

  test('the coinbase carries OP_RETURN RSKBLOCK:<hash>, exceeds 64 bytes and is stored compressed', () => {
    const inputs = blockInputs(3, 2n, new Uint8Array(32))
    const mined = mineMergedMiningFields(inputs)
    const coinbase = parseTransaction(mined.fullCoinbase)
    expect(bytesToHex(coinbase.outputs[1]?.scriptPubKey as Uint8Array)).toBe(
      bytesToHex(concatBytes(Uint8Array.of(0x6a), RSK_TAG, inputs.hashForMergedMining)),
    )
    expect(mined.fullCoinbase.length).toBeGreaterThan(64)
    const tagPosition = lastIndexOfBytes(mined.fullCoinbase, RSK_TAG)
    const hashedBytes = Math.floor(tagPosition / 64) * 64
    expect(hashedBytes).toBeGreaterThan(0)
    const compressed = mined.bitcoinMergedMiningCoinbaseTransaction
    expect(compressed.length).toBe(40 + mined.fullCoinbase.length - hashedBytes)
    expect(new DataView(compressed.buffer).getBigUint64(0)).toBe(BigInt(hashedBytes))
    expect(bytesToHex(compressed.subarray(40))).toBe(bytesToHex(mined.fullCoinbase.subarray(hashedBytes)))
    // Resuming from the stored state gives the same first SHA-256 round as the full coinbase.
    const resumed = sha256FromMidstate(
      { state: stateFromBytes(compressed.subarray(8, 40)), byteCount: hashedBytes },
      compressed.subarray(40),
    )
    expect(bytesToHex(resumed)).toBe(bytesToHex(sha256(mined.fullCoinbase)))
  })

  test('the proof is a non-empty path from the coinbase through filler transactions to the merkle root', () => {
    const sizes = new Set<number>()
    for (let n = 0; n < 40; n++) {
      const mined = mineMergedMiningFields(blockInputs(n, 1n, new Uint8Array(32)))
      const txCount = mined.bitcoinBlock.transactions.length
      expect(txCount).toBeGreaterThanOrEqual(2)
      expect(mined.bitcoinMergedMiningMerkleProof.length).toBe(32 * Math.ceil(Math.log2(txCount)))
      const fillerTxid = transactionId(mined.bitcoinBlock.transactions[1] as never)
      expect(bytesToHex(mined.bitcoinMergedMiningMerkleProof.subarray(0, 32))).toBe(bytesToHex(fillerTxid))
      sizes.add(txCount)
    }
    expect(sizes.size).toBeGreaterThan(2)
  })

  test("the header's merkle root is the root over every transaction of the simulated Bitcoin block", () => {
    for (let n = 0; n < 60; n++) {
      const mined = mineMergedMiningFields(blockInputs(n, 1n, new Uint8Array(32)))
      const txids = mined.bitcoinBlock.transactions.map((tx) => transactionId(tx as never))
      const header = decodeBitcoinHeader(mined.bitcoinMergedMiningHeader)
      expect(bytesToHex(header.merkleRoot)).toBe(bytesToHex(merkleRoot(txids)))
      expect(bytesToHex(mined.bitcoinMergedMiningMerkleProof)).toBe(
        bytesToHex(concatBytes(...coinbaseMerkleBranch(txids))),
      )
      // The coinbase the block holds is the one whose bytes were hashed and compressed.
      expect(bytesToHex(serializeTransaction(mined.bitcoinBlock.transactions[0] as never))).toBe(
        bytesToHex(mined.fullCoinbase),
      )
    }
  })

  test('rejects a timestamp that does not fit a Bitcoin header', () => {
    expect(() =>
      mineMergedMiningFields({ ...blockInputs(1, 1n, new Uint8Array(32)), timestamp: 2n ** 32n }),
    ).toThrow(/timestamp/)
  })
})

describe('serializeMergedMiningCoinbase', () => {
  test('is byte for byte the serialization of the coinbase object, for any seed and extranonce', () => {
    for (let n = 0; n < 50; n++) {
      const parameters = {
        hashForMergedMining: sha256(utf8ToBytes(`hash ${n}`)),
        seed: utf8ToBytes(`seed ${n}`.repeat(n % 4)),
        extraNonce: [0, 1, 0xff, 0x1234_5678, 0xffff_ffff][n % 5],
      }
      const bytes = serializeMergedMiningCoinbase(parameters)
      expect(bytes.length).toBe(MERGED_MINING_COINBASE_BYTES)
      expect(bytesToHex(bytes)).toBe(bytesToHex(serializeTransaction(buildMergedMiningCoinbase(parameters))))
    }
  })
})

describe('compressCoinbase and tag extraction', () => {
  const hashA = new Uint8Array(32).fill(0xaa)
  const hashB = new Uint8Array(32).fill(0xbb)
  const twoTags = concatBytes(
    new Uint8Array(70),
    RSK_TAG,
    hashA,
    new Uint8Array(60),
    RSK_TAG,
    hashB,
    new Uint8Array(4),
  )

  test('uses the last tag by default and the first when asked, hashing up to its 64-byte boundary', () => {
    expect(new DataView(compressCoinbase(twoTags).buffer).getBigUint64(0)).toBe(128n)
    expect(new DataView(compressCoinbase(twoTags, false).buffer).getBigUint64(0)).toBe(64n)
  })

  test('a coinbase with its tag in the first 64 bytes keeps the initial SHA-256 state', () => {
    const compressed = compressCoinbase(concatBytes(new Uint8Array(10), RSK_TAG, hashA))
    expect(bytesToHex(compressed.subarray(0, 40))).toBe(
      '0x00000000000000006a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19',
    )
  })

  test('extracts the hash after the last tag, and bytes 8..40 when there is no tag, as RSKj does', () => {
    expect(bytesToHex(extractHashForMergedMining(twoTags) as Uint8Array)).toBe(bytesToHex(hashB))
    const untagged = Uint8Array.from({ length: 50 }, (_, i) => i)
    expect(bytesToHex(extractHashForMergedMining(untagged) as Uint8Array)).toBe(
      bytesToHex(untagged.subarray(8, 40)),
    )
    expect(extractHashForMergedMining(concatBytes(RSK_TAG, new Uint8Array(31)))).toBeNull()
  })
})

describe('grindHeaderNonce', () => {
  test('returns null when no nonce in the range meets the target', () => {
    expect(
      grindHeaderNonce({ header: new Uint8Array(80), target: 1n, startNonce: 0, endNonce: 50 }),
    ).toBeNull()
  })

  test('finds the first nonce whose hash meets the target', () => {
    const header = hexToBytes(`0x${'00'.repeat(80)}`)
    const target = (1n << 256n) / 16n
    const nonce = grindHeaderNonce({ header, target }) as number
    const hashOf = (n: number) => {
      new DataView(header.buffer).setUint32(76, n, true)
      return BigInt(bytesToHex(reverseBytes(sha256(sha256(header)))))
    }
    expect(hashOf(nonce)).toBeLessThanOrEqual(target)
    for (let earlier = 0; earlier < nonce; earlier++) expect(hashOf(earlier)).toBeGreaterThan(target)
  })

  test('returns the display-order hash of the header with the nonce it found', () => {
    for (const fill of [0x00, 0x5a, 0xff]) {
      const header = new Uint8Array(80).fill(fill)
      const found = grindHeader({ header, target: (1n << 256n) / 7n })
      if (found === null) throw new Error('expected a nonce')
      new DataView(header.buffer).setUint32(76, found.nonce, true)
      expect(found.hash).toEqual(reverseBytes(sha256(sha256(header))))
    }
  })
})
