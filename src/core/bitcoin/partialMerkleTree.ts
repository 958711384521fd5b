/**
 * Bitcoin Core's CPartialMerkleTree: a proof that some transactions are in a block, as
 * `gettxoutproof` returns it (after the header) and RSKj's `registerBtcTransaction` takes it.
 * Layout: uint32 transaction count, CompactSize + 32-byte hashes (internal order), CompactSize +
 * flag bits packed least significant bit first. Parsing applies Core's checks, CVE-2012-2459's
 * (identical siblings) among them, so a proof for a mutated tree is refused.
 */
import { sha256d } from '../crypto/fastSha256'
import { BitcoinDecodeError, ByteReader, ByteWriter, reverseBytes } from '../mining/bitcoin/byteIo'
import { BITCOIN_HEADER_SIZE } from '../mining/bitcoin/header'
import { concatBytes, equalBytes } from '../util/hex'

/** A partial merkle tree or merkle block that is malformed; the message names the problem. */
export class PartialMerkleTreeError extends Error {
  override name = 'PartialMerkleTreeError'
}

/** Core's bound: a block's weight limit over the smallest transaction's weight. */
const MAX_TRANSACTIONS = Math.floor(4_000_000 / 240)

function width(total: number, height: number): number {
  return Math.floor((total + 2 ** height - 1) / 2 ** height)
}

function treeHeight(total: number): number {
  let height = 0
  while (width(total, height) > 1) height++
  return height
}

function hashPair(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256d(concatBytes(left, right))
}

/** Builds the tree for `txids` (display order, the block's order) flagging those with `matches`. */
export function buildPartialMerkleTree(txids: Uint8Array[], matches: boolean[]): Uint8Array {
  const total = txids.length
  if (total === 0) throw new PartialMerkleTreeError('a partial merkle tree needs at least one transaction')
  if (matches.length !== total) {
    throw new PartialMerkleTreeError(`${matches.length} match flags for ${total} transactions`)
  }
  const leaves = txids.map((txid) => {
    if (txid.length !== 32) throw new PartialMerkleTreeError('a txid is 32 bytes')
    return reverseBytes(txid)
  })
  const bits: boolean[] = []
  const hashes: Uint8Array[] = []
  const calcHash = (height: number, pos: number): Uint8Array => {
    if (height === 0) return leaves[pos] as Uint8Array
    const left = calcHash(height - 1, pos * 2)
    const right = pos * 2 + 1 < width(total, height - 1) ? calcHash(height - 1, pos * 2 + 1) : left
    return hashPair(left, right)
  }
  const build = (height: number, pos: number): void => {
    let parentOfMatch = false
    const end = Math.min((pos + 1) * 2 ** height, total)
    for (let p = pos * 2 ** height; p < end; p++) parentOfMatch ||= matches[p] === true
    bits.push(parentOfMatch)
    if (height === 0 || !parentOfMatch) {
      hashes.push(calcHash(height, pos))
      return
    }
    build(height - 1, pos * 2)
    if (pos * 2 + 1 < width(total, height - 1)) build(height - 1, pos * 2 + 1)
  }
  build(treeHeight(total), 0)
  const flagBytes = new Uint8Array(Math.ceil(bits.length / 8))
  bits.forEach((bit, p) => {
    if (bit) flagBytes[p >> 3] = (flagBytes[p >> 3] as number) | (1 << (p & 7))
  })
  const writer = new ByteWriter(4 + 1 + 32 * hashes.length + 1 + flagBytes.length).uint32le(total)
  writer.varInt(hashes.length)
  for (const hash of hashes) writer.bytes(hash)
  return writer.varBytes(flagBytes).toBytes()
}

export type ParsedPartialMerkleTree = {
  /** Merkle root the proof commits to, display order. */
  root: Uint8Array
  /** Matched txids, display order, in block order. */
  matched: Uint8Array[]
  /** Position of each matched transaction in its block. */
  indexes: number[]
  totalTransactions: number
}

/** Parses a partial merkle tree and extracts its matches; throws PartialMerkleTreeError. */
export function parsePartialMerkleTree(bytes: Uint8Array): ParsedPartialMerkleTree {
  const reader = new ByteReader(bytes)
  const parsed = readPartialMerkleTree(reader)
  if (reader.remaining !== 0) {
    throw new PartialMerkleTreeError(`${reader.remaining} unexpected bytes after the partial merkle tree`)
  }
  return parsed
}

function readPartialMerkleTree(reader: ByteReader): ParsedPartialMerkleTree {
  let total: number
  const hashes: Uint8Array[] = []
  let flagBytes: Uint8Array
  try {
    total = reader.uint32le('transaction count')
    const hashCount = reader.varInt('hash count')
    if (hashCount > reader.remaining / 32) throw new PartialMerkleTreeError(`${hashCount} hashes do not fit`)
    for (let i = 0; i < hashCount; i++) hashes.push(reader.bytes(32, 'hash'))
    flagBytes = reader.varBytes('flag bits')
  } catch (error) {
    if (error instanceof BitcoinDecodeError) throw new PartialMerkleTreeError(error.message)
    throw error
  }
  return extractMatches(total, hashes, flagBytes)
}

function extractMatches(total: number, hashes: Uint8Array[], flagBytes: Uint8Array): ParsedPartialMerkleTree {
  if (total === 0) throw new PartialMerkleTreeError('the tree claims zero transactions')
  if (total > MAX_TRANSACTIONS)
    throw new PartialMerkleTreeError(`${total} transactions exceed a block's maximum`)
  if (hashes.length > total) throw new PartialMerkleTreeError('more hashes than transactions')
  const bitCount = flagBytes.length * 8
  if (bitCount < hashes.length) throw new PartialMerkleTreeError('fewer flag bits than hashes')
  let bitsUsed = 0
  let hashesUsed = 0
  const matched: Uint8Array[] = []
  const indexes: number[] = []
  const traverse = (height: number, pos: number): Uint8Array => {
    if (bitsUsed >= bitCount) throw new PartialMerkleTreeError('the flag bits run out')
    const parentOfMatch = (((flagBytes[bitsUsed >> 3] as number) >> (bitsUsed & 7)) & 1) === 1
    bitsUsed++
    if (height === 0 || !parentOfMatch) {
      if (hashesUsed >= hashes.length) throw new PartialMerkleTreeError('the hashes run out')
      const hash = hashes[hashesUsed++] as Uint8Array
      if (height === 0 && parentOfMatch) {
        matched.push(reverseBytes(hash))
        indexes.push(pos)
      }
      return hash
    }
    const left = traverse(height - 1, pos * 2)
    if (pos * 2 + 1 >= width(total, height - 1)) return hashPair(left, left)
    const right = traverse(height - 1, pos * 2 + 1)
    // CVE-2012-2459: identical siblings would let a mutated tree prove the same root.
    if (equalBytes(left, right))
      throw new PartialMerkleTreeError('identical left and right hashes (CVE-2012-2459)')
    return hashPair(left, right)
  }
  const root = traverse(treeHeight(total), 0)
  if (Math.ceil(bitsUsed / 8) !== flagBytes.length) throw new PartialMerkleTreeError('unused flag bytes')
  if (hashesUsed !== hashes.length) throw new PartialMerkleTreeError('unused hashes')
  return { root: reverseBytes(root), matched, indexes, totalTransactions: total }
}

/** A merkle block as `gettxoutproof` returns it: the 80-byte header, then the partial merkle tree. */
export function encodeMerkleBlock(header: Uint8Array, pmt: Uint8Array): Uint8Array {
  if (header.length !== BITCOIN_HEADER_SIZE) {
    throw new PartialMerkleTreeError(`a block header is ${BITCOIN_HEADER_SIZE} bytes, got ${header.length}`)
  }
  return concatBytes(header, pmt)
}

/** Splits a merkle block into header and partial merkle tree (the tree must parse). */
export function decodeMerkleBlock(bytes: Uint8Array): { header: Uint8Array; pmt: Uint8Array } {
  if (bytes.length < BITCOIN_HEADER_SIZE) {
    throw new PartialMerkleTreeError(
      `a merkle block starts with an 80-byte header; got ${bytes.length} bytes`,
    )
  }
  const pmt = bytes.slice(BITCOIN_HEADER_SIZE)
  parsePartialMerkleTree(pmt)
  return { header: bytes.slice(0, BITCOIN_HEADER_SIZE), pmt }
}
