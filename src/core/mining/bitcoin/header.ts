/**
 * The 80-byte Bitcoin block header. On the wire every integer is little-endian and the two
 * hashes are in internal order; tools and RPCs show hashes reversed ("display order"). Every hash
 * in this type is in display order, as RSKj's `Sha256Hash.getBytes()` returns it.
 */
import { sha256d } from '../../crypto/fastSha256'
import { BitcoinDecodeError, ByteReader, ByteWriter, reverseBytes } from './byteIo'

export const BITCOIN_HEADER_SIZE = 80

export type BitcoinHeader = {
  /** int32; 0x20000000 is "version bits" (BIP9) with no proposal signalled. */
  version: number
  /** Hash of the previous Bitcoin block, display order. */
  previousBlockHash: Uint8Array
  /** Merkle root of the block's transactions, display order. */
  merkleRoot: Uint8Array
  /** Unix seconds. */
  time: number
  /** Compact ("nBits") encoding of the Bitcoin target. */
  bits: number
  nonce: number
}

export function encodeBitcoinHeader(header: BitcoinHeader): Uint8Array {
  if (header.previousBlockHash.length !== 32 || header.merkleRoot.length !== 32) {
    throw new RangeError('Bitcoin header hashes must be 32 bytes')
  }
  return new ByteWriter(BITCOIN_HEADER_SIZE)
    .int32le(header.version)
    .bytes(reverseBytes(header.previousBlockHash))
    .bytes(reverseBytes(header.merkleRoot))
    .uint32le(header.time)
    .uint32le(header.bits)
    .uint32le(header.nonce)
    .toBytes()
}

/** Reads a header from the reader's position (a full block starts with one). */
export function readBitcoinHeader(reader: ByteReader): BitcoinHeader {
  return {
    version: reader.int32le('header version'),
    previousBlockHash: reverseBytes(reader.bytes(32, 'header previous block hash')),
    merkleRoot: reverseBytes(reader.bytes(32, 'header merkle root')),
    time: reader.uint32le('header time'),
    bits: reader.uint32le('header bits'),
    nonce: reader.uint32le('header nonce'),
  }
}

export function decodeBitcoinHeader(bytes: Uint8Array): BitcoinHeader {
  if (bytes.length !== BITCOIN_HEADER_SIZE) {
    throw new BitcoinDecodeError(`a Bitcoin header is ${BITCOIN_HEADER_SIZE} bytes, got ${bytes.length}`)
  }
  return readBitcoinHeader(new ByteReader(bytes))
}

/** The block hash in display order: reversed double SHA-256 of the 80 serialized bytes. */
export function bitcoinHeaderHash(encodedHeader: Uint8Array): Uint8Array {
  return reverseBytes(sha256d(encodedHeader))
}

/**
 * Compact ("nBits") form of a target: a one-byte size and a three-byte mantissa, as Bitcoin Core's
 * `GetCompact` does. The result describes a target no larger than the input.
 */
export function encodeCompactBits(target: bigint): number {
  if (target < 0n) throw new RangeError('target must not be negative')
  let size = 0
  for (let t = target; t > 0n; t >>= 8n) size++
  let mantissa =
    size <= 3 ? Number(target << BigInt(8 * (3 - size))) : Number(target >> BigInt(8 * (size - 3)))
  // The mantissa's top bit is a sign bit: shift it out into the size instead.
  if (mantissa & 0x00800000) {
    mantissa >>>= 8
    size++
  }
  return ((size << 24) | mantissa) >>> 0
}

/** The target a compact value describes (negative and overflowing forms are rejected). */
export function decodeCompactBits(bits: number): bigint {
  const size = bits >>> 24
  const mantissa = bits & 0x007fffff
  if (bits & 0x00800000 && mantissa !== 0)
    throw new RangeError(`negative compact target: 0x${bits.toString(16)}`)
  return size <= 3 ? BigInt(mantissa >>> (8 * (3 - size))) : BigInt(mantissa) << BigInt(8 * (size - 3))
}
