import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../util/hex'
import { combineLeftRight, formsValid64ByteTransaction } from './merkleProof'
import { verifyMergedMining } from './verifyMergedMining'
import type { VerifyMergedMiningParameters } from './verifyTypes'

// Rootstock mainnet merged-mining fields, from RSKj doc/rpc/components/schemas/BlockExampleResultFullTransaction.json.
const MAINNET: VerifyMergedMiningParameters = {
  hashForMergedMining: hexToBytes('0xc4d2419792f08338d4fa5fd21c61ad79484c875f1ac9b483f253842edb96c924'),
  difficulty: 0x1aa2b738n,
  bitcoinMergedMiningHeader: hexToBytes(
    '0x000000202d17c9a169c4c93eaf376bc35ff6561d0b743880600f3d8370020000000000008d31ad07fc72224ddd23632463f2119d977defc86f1b0ebf16171225bf9c316c117c1f5d531d041a8046d09f',
  ),
  bitcoinMergedMiningCoinbaseTransaction: hexToBytes(
    '0x000000000000008075aec68cfceb2bda1dcc166c1564517793f90ee07fcd446699d440628290564f6088ac0000000000000000266a24aa21a9ed08ade7f48a09603efcf910361380e3ce1ebc9813eb4a7d85473a9c170d79017e00000000000000002a6a52534b424c4f434b3ac4d2419792f08338d4fa5fd21c61ad79484c875f1ac9b483f253842edb96c92400000000',
  ),
  bitcoinMergedMiningMerkleProof: hexToBytes(
    '0x91062f54a2ea641bebaa19e4d58df522a395bc89e6e230f98cc343d39a8deb070f190492c042ea5ebb75f6e9488345eedf5ff35219fd3ac21be0778e7feed9fc117db6cd70f02ddc5635577981626db173937a041ae38c9cebd10e645fd4ddc00d8662b4bbb4e4309ff07fb30ca6c3365bea0f823a5fe83f60750a3b0f62da5ec8ca82637afafe9869ecfdb26e5136c849080b46f6230090773949a1010a91ce82b1c65d92f57836e28e9f2f90133d4dc2376ea337bd76836058e5cc9ae6975e6211f67ff7f76793b2f505a621ef7c1f90f0f4d4badc62aaa70a20f223160961',
  ),
}

function withByteFlipped(bytes: Uint8Array, index: number): Uint8Array {
  const copy = Uint8Array.from(bytes)
  copy[index] = (copy[index] as number) ^ 0x01
  return copy
}

// ---- Hand-built vectors: a one- or two-transaction Bitcoin block assembled byte by byte here. ----

/** SHA-256's initial state H(0): the "midstate" of a coinbase whose tag lies in its first 64 bytes. */
const SHA256_IV = hexToBytes('0x6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19')
const TAG = utf8ToBytes('RSKBLOCK:')
const HASH_FOR_MM = hexToBytes(`0x${'ab'.repeat(32)}`)

const reversed = (bytes: Uint8Array) => Uint8Array.from(bytes).reverse()
const txidOf = (serialized: Uint8Array) => reversed(sha256(sha256(serialized)))

/** Compressed form with nothing pre-hashed: byteCount 0, the initial state, the whole coinbase. */
function uncompressedForm(coinbase: Uint8Array): Uint8Array {
  return concatBytes(new Uint8Array(8), SHA256_IV, coinbase)
}

/** An 80-byte header over `merkleRoot` (display order), nonce ground until it meets 2^256/3. */
function handHeader(merkleRoot: Uint8Array): Uint8Array {
  const header = new Uint8Array(80)
  const view = new DataView(header.buffer)
  view.setUint32(0, 0x20000000, true)
  header.set(reversed(merkleRoot), 36)
  view.setUint32(68, 1_700_000_000, true)
  view.setUint32(72, 0x207fffff, true)
  for (let nonce = 0; ; nonce++) {
    view.setUint32(76, nonce, true)
    if (BigInt(bytesToHex(reversed(sha256(sha256(header))))) <= (1n << 256n) / 3n) return header
  }
}

/** A coinbase-like byte string: `prefix`, the tag output script, `suffix`. */
function handCoinbase(prefix: Uint8Array, suffix: Uint8Array = new Uint8Array(4)): Uint8Array {
  return concatBytes(prefix, Uint8Array.of(0x6a), TAG, HASH_FOR_MM, suffix)
}

function handBlock(coinbase: Uint8Array, siblings: Uint8Array[] = []): VerifyMergedMiningParameters {
  let root = txidOf(coinbase)
  for (const sibling of siblings)
    root = reversed(sha256(sha256(concatBytes(reversed(root), reversed(sibling)))))
  return {
    hashForMergedMining: HASH_FOR_MM,
    difficulty: 1n,
    bitcoinMergedMiningHeader: handHeader(root),
    bitcoinMergedMiningCoinbaseTransaction: uncompressedForm(coinbase),
    bitcoinMergedMiningMerkleProof: concatBytes(...siblings),
  }
}

describe('verifyMergedMining on Rootstock mainnet data', () => {
  test('accepts the real block and decodes header, coinbase and path', () => {
    const result = verifyMergedMining(MAINNET)
    expect(result.valid).toBe(true)
    expect(result.reason).toBeUndefined()
    expect(Object.values(result.checks).every((status) => status === 'pass')).toBe(true)
    expect(result.decoded.header).toEqual({
      version: 0x20000000,
      previousBlockHash: '0x0000000000000270833d0f608038740b1d56f65fc36b37af3ec9c469a1c9172d',
      merkleRoot: '0x6c319cbf25121716bf0e1b6fc8ef7d979d11f263246323dd4d2272fc07ad318d',
      time: 1562344465,
      bits: 0x1a041d53,
      nonce: 2681226880,
    })
    expect(result.decoded.bitcoinHash).toBe(
      '0x00000007dbceef87c7f0302810dd995fbb67f1bd395dc14081a75d23a36d7e83',
    )
    expect(result.decoded.target).toBe('0x000000099c7737373fe275912cd035ab4bb9fd0d452b344da793b889874bda92')
    expect(result.decoded.coinbase).toMatchObject({
      midstateByteCount: 128,
      tagPositionInTail: 60,
      tagPositionInCoinbase: 188,
      lastTagPositionInTail: 60,
      committedHash: bytesToHex(MAINNET.hashForMergedMining),
      bytesAfterHash: 4,
      coinbaseLength: 233,
    })
    expect(result.decoded.merklePath).toHaveLength(7)
    expect(result.decoded.merklePath.at(-1)?.parent).toBe(result.decoded.header?.merkleRoot)
    expect(result.decoded.computedMerkleRoot).toBe(result.decoded.header?.merkleRoot)
  })

  test('rejects the block when any header byte changes', () => {
    for (let i = 0; i < 80; i++) {
      const result = verifyMergedMining({
        ...MAINNET,
        bitcoinMergedMiningHeader: withByteFlipped(MAINNET.bitcoinMergedMiningHeader, i),
      })
      expect(result.valid, `header byte ${i}`).toBe(false)
      // Every byte moves the hash off target; merkle root bytes also break the path.
      expect(result.checks.pow, `header byte ${i}`).toBe('fail')
      if (i >= 36 && i < 68) expect(result.checks.merkleProof, `header byte ${i}`).toBe('fail')
    }
  })

  test('rejects the block when any proof byte changes, naming the merkle branch', () => {
    const proof = MAINNET.bitcoinMergedMiningMerkleProof
    for (let i = 0; i < proof.length; i++) {
      const result = verifyMergedMining({
        ...MAINNET,
        bitcoinMergedMiningMerkleProof: withByteFlipped(proof, i),
      })
      expect(result.valid, `proof byte ${i}`).toBe(false)
      expect(result.checks.merkleProof).toBe('fail')
      expect(result.reason).toBe("bitcoin merkle branch doesn't match coinbase and state root")
    }
  })

  test('rejects the block when any byte of the RSKBLOCK: tag or committed hash changes', () => {
    const tagStart = 40 + 60
    for (let i = tagStart; i < tagStart + 41; i++) {
      const coinbase = withByteFlipped(MAINNET.bitcoinMergedMiningCoinbaseTransaction, i)
      const result = verifyMergedMining({ ...MAINNET, bitcoinMergedMiningCoinbaseTransaction: coinbase })
      expect(result.valid, `coinbase byte ${i}`).toBe(false)
      expect(result.checks.tag).toBe('fail')
      expect(result.reason).toMatch(/does not contain expected RSKBLOCK:RskBlockHeaderHash/)
    }
  })

  test('rejects the block when any other byte of the compressed coinbase changes', () => {
    const coinbase = MAINNET.bitcoinMergedMiningCoinbaseTransaction
    for (let i = 0; i < coinbase.length; i++) {
      if (i >= 100 && i < 141) continue
      const result = verifyMergedMining({
        ...MAINNET,
        bitcoinMergedMiningCoinbaseTransaction: withByteFlipped(coinbase, i),
      })
      expect(result.valid, `coinbase byte ${i}`).toBe(false)
    }
  })

  test('rejects a different hashForMergedMining', () => {
    const result = verifyMergedMining({ ...MAINNET, hashForMergedMining: new Uint8Array(32).fill(0xc4) })
    expect(result.checks.tag).toBe('fail')
    expect(result.decoded.coinbase?.committedHash).toBe(bytesToHex(MAINNET.hashForMergedMining))
  })

  test('accepts a hash exactly at the target and rejects one unit of difficulty above the boundary', () => {
    const hash = BigInt(verifyMergedMining(MAINNET).decoded.bitcoinHash as string)
    const hardest = (1n << 256n) / hash
    expect(verifyMergedMining({ ...MAINNET, difficulty: hardest }).checks.pow).toBe('pass')
    const tooHard = verifyMergedMining({ ...MAINNET, difficulty: hardest + 1n })
    expect(tooHard.checks.pow).toBe('fail')
    expect(tooHard.reason).toMatch(
      /^Hash 7dbceef87c7f0302810dd995fbb67f1bd395dc14081a75d23a36d7e83 is higher than target /,
    )
  })

  test('rejects a header that is not 80 bytes and skips its proof of work', () => {
    const result = verifyMergedMining({
      ...MAINNET,
      bitcoinMergedMiningHeader: MAINNET.bitcoinMergedMiningHeader.subarray(0, 79),
    })
    expect(result.checks.headerSize).toBe('fail')
    expect(result.checks.pow).toBe('skipped')
    expect(result.reason).toBe('Bitcoin merged mining header must be 80 bytes but was 79')
  })

  test('rejects proofs that are not whole hashes or longer than 960 bytes, before anything else', () => {
    const ragged = verifyMergedMining({ ...MAINNET, bitcoinMergedMiningMerkleProof: new Uint8Array(33) })
    expect(ragged.checks.proofFormat).toBe('fail')
    expect(ragged.reason).toBe('Partial merkle tree does not have the expected format')
    const long = verifyMergedMining({ ...MAINNET, bitcoinMergedMiningMerkleProof: new Uint8Array(992) })
    expect(long.reason).toBe("Partial merkle tree's size is greater than 960")
    expect(
      verifyMergedMining({ ...MAINNET, bitcoinMergedMiningMerkleProof: new Uint8Array(960) }).checks
        .proofFormat,
    ).toBe('pass')
  })
})

describe('verifyMergedMining on hand-built vectors', () => {
  test('accepts a one-transaction block with an empty proof and an uncompressed coinbase', () => {
    const params = handBlock(handCoinbase(new Uint8Array(30).fill(0x11)))
    const result = verifyMergedMining(params)
    expect(result.checks).toEqual({
      headerSize: 'pass',
      pow: 'pass',
      tag: 'pass',
      tagPosition: 'pass',
      coinbaseLength: 'pass',
      proofFormat: 'pass',
      merkleProof: 'pass',
    })
    expect(result.decoded.merklePath).toEqual([])
    expect(result.decoded.coinbase?.tagPositionInTail).toBe(31)
  })

  test('accepts a two-transaction block whose proof is the second txid', () => {
    const sibling = txidOf(utf8ToBytes('another transaction'))
    const result = verifyMergedMining(handBlock(handCoinbase(new Uint8Array(30)), [sibling]))
    expect(result.valid).toBe(true)
    expect(result.decoded.merklePath[0]?.sibling).toBe(bytesToHex(sibling))
  })

  test('rejects a tag that starts at byte 64 of the tail or later', () => {
    const params = handBlock(handCoinbase(new Uint8Array(63)))
    expect(verifyMergedMining(params).decoded.coinbase?.tagPositionInTail).toBe(64)
    const result = verifyMergedMining(params)
    expect(result.checks.tagPosition).toBe('fail')
    expect(result.reason).toBe(
      'bitcoin coinbase transaction tag position is bigger than expected 64. Actual: 64.',
    )
    expect(verifyMergedMining(handBlock(handCoinbase(new Uint8Array(62)))).valid).toBe(true)
  })

  test('rejects a valid tag followed by another RSKBLOCK: tag', () => {
    const result = verifyMergedMining(
      handBlock(handCoinbase(new Uint8Array(20), concatBytes(TAG, new Uint8Array(36)))),
    )
    expect(result.checks.tag).toBe('fail')
    expect(result.reason).toBe('The valid RSK tag is not the last RSK tag')
  })

  test('allows 128 bytes after the committed hash and rejects 129', () => {
    expect(verifyMergedMining(handBlock(handCoinbase(new Uint8Array(20), new Uint8Array(128)))).valid).toBe(
      true,
    )
    const result = verifyMergedMining(handBlock(handCoinbase(new Uint8Array(20), new Uint8Array(129))))
    expect(result.checks.tagPosition).toBe('fail')
    expect(result.reason).toBe('More than 128 bytes after RSK tag')
  })

  test('rejects a coinbase of 64 bytes or fewer', () => {
    // 0x6a + tag + hash = 42 bytes; with 18 bytes before and 4 after the coinbase is exactly 64.
    const result = verifyMergedMining(handBlock(handCoinbase(new Uint8Array(18))))
    expect(result.decoded.coinbase?.coinbaseLength).toBe(64)
    expect(result.checks.coinbaseLength).toBe('fail')
    expect(result.reason).toBe(
      'Coinbase transaction must always be greater than 64-bytes long. But it was: 64',
    )
    expect(verifyMergedMining(handBlock(handCoinbase(new Uint8Array(19)))).valid).toBe(true)
  })

  test('reports every failing coinbase check but gives the first reason in RSKj order', () => {
    const params = handBlock(new Uint8Array(30))
    const result = verifyMergedMining(params)
    expect(result.checks).toMatchObject({
      tag: 'fail',
      tagPosition: 'skipped',
      coinbaseLength: 'fail',
      merkleProof: 'pass',
    })
    expect(result.reason).toMatch(/does not contain expected RSKBLOCK:RskBlockHeaderHash/)
  })

  test('rejects a compressed coinbase shorter than its 40-byte midstate', () => {
    const result = verifyMergedMining({
      ...MAINNET,
      bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(39),
    })
    expect(result.checks.coinbaseLength).toBe('fail')
    expect(result.decoded.coinbase).toBeNull()
  })

  test('refuses a path step whose two nodes parse as a 64-byte Bitcoin transaction', () => {
    // Vary the coinbase until its txid's byte 4 reads as "one input"; the sibling supplies the rest.
    let coinbase = handCoinbase(new Uint8Array(20))
    for (let i = 0; txidOf(coinbase)[4] !== 1; i++)
      coinbase = handCoinbase(concatBytes(new Uint8Array(16), Uint8Array.of(i, i >> 8, 0, 0)))
    const sibling = new Uint8Array(32)
    sibling[9] = 0 // input script length (offset 41 of the pair)
    sibling[14] = 1 // output count (offset 46)
    sibling[15] = 1 // value = 1 satoshi (offset 47, little-endian)
    sibling[23] = 4 // output script length (offset 55)
    expect(formsValid64ByteTransaction(txidOf(coinbase), sibling)).toBe(true)
    expect(() => combineLeftRight(txidOf(coinbase), sibling)).toThrow(
      'Supplied nodes form a valid btc transaction',
    )
    const params = handBlock(coinbase)
    const result = verifyMergedMining({ ...params, bitcoinMergedMiningMerkleProof: sibling })
    expect(result.checks.merkleProof).toBe('fail')
    expect(result.reason).toBe('Supplied nodes form a valid btc transaction')
    expect(result.decoded.merklePath).toEqual([{ sibling: bytesToHex(sibling), parent: null }])
  })

  test('the 64-byte transaction check ignores pairs that cannot be one', () => {
    const left = new Uint8Array(32)
    left[4] = 1
    const right = new Uint8Array(32)
    right[14] = 1
    right[15] = 1
    right[23] = 4
    expect(formsValid64ByteTransaction(left, right)).toBe(true)
    expect(formsValid64ByteTransaction(left, withByteFlipped(right, 14))).toBe(false) // no outputs
    expect(formsValid64ByteTransaction(left, withByteFlipped(right, 23))).toBe(false) // scripts add to 5
    const bigIndex = Uint8Array.from(right)
    bigIndex.set([0x41, 0x42, 0x0f, 0x00], 5) // output index 1,000,001
    expect(formsValid64ByteTransaction(left, bigIndex)).toBe(false)
    bigIndex.set([0xff, 0xff, 0xff, 0xff], 5) // the coinbase outpoint index is still a transaction
    expect(formsValid64ByteTransaction(left, bigIndex)).toBe(true)
  })
})
