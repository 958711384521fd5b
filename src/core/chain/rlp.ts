/**
 * RLP for the chain: @ethereumjs/rlp's decoder, a two-pass encoder (rlpEncode.ts), plus the few encoders where RSKj's
 * `org/ethereum/util/RLP.java` does not produce plain, minimal RLP. Every block hash depends on
 * reproducing those quirks byte for byte, so each one says which RSKj method it mirrors.
 *
 * All RSKj quirks reduce to "which byte string goes in the slot"; the list itself is ordinary RLP.
 * So encoders here return the byte string to place, and `rlpEncode` does the framing.
 */
import { RLP } from '@ethereumjs/rlp'
import { bigintToBytes, bytesToBigint } from '../util/hex.js'
import { encodeRlp } from './rlpEncode.js'

export type RlpInput = Uint8Array | readonly RlpInput[]
export type RlpDecoded = Uint8Array | RlpDecoded[]

const EMPTY = new Uint8Array(0)
const SINGLE_ZERO = Uint8Array.of(0)

export function rlpEncode(input: RlpInput): Uint8Array {
  return encodeRlp(input)
}

/** Decodes exactly one RLP item; throws on trailing bytes or malformed input. */
export function rlpDecode(bytes: Uint8Array): RlpDecoded {
  return RLP.decode(bytes) as RlpDecoded
}

/** Decodes one item that must be a list (RSKj `RLP.decodeList`). */
export function rlpDecodeList(bytes: Uint8Array): RlpDecoded[] {
  const decoded = rlpDecode(bytes)
  if (decoded instanceof Uint8Array) throw new Error("The decoded element wasn't a list")
  return decoded
}

/** RLP list whose items are already encoded (RSKj `RLP.encodeList(byte[]...)`). */
export function rlpEncodeListOfEncoded(items: readonly Uint8Array[]): Uint8Array {
  let length = 0
  for (const item of items) length += item.length
  const header = listHeader(length)
  const out = new Uint8Array(header.length + length)
  out.set(header, 0)
  let offset = header.length
  for (const item of items) {
    out.set(item, offset)
    offset += item.length
  }
  return out
}

function listHeader(payloadLength: number): Uint8Array {
  if (payloadLength < 56) return Uint8Array.of(0xc0 + payloadLength)
  const len = bigintToBytes(BigInt(payloadLength))
  const out = new Uint8Array(1 + len.length)
  out[0] = 0xf7 + len.length
  out.set(len, 1)
  return out
}

export function isRlpList(item: RlpDecoded | undefined): item is RlpDecoded[] {
  return Array.isArray(item)
}

/** The byte string at `index` of a decoded list; throws if absent or a list. */
export function rlpBytesAt(list: readonly RlpDecoded[], index: number): Uint8Array {
  const item = list[index]
  if (!(item instanceof Uint8Array)) throw new Error(`RLP item ${index} is not a byte string`)
  return item
}

/**
 * Java `BigInteger.toByteArray()` of a non-negative value: minimal two's complement, so a value
 * whose top bit is set gets a leading 0x00 sign byte, and zero is the single byte 0x00.
 * RSKj stores block difficulty, minimumGasPrice and mined gas limits in this form.
 */
export function javaSignedBytes(value: bigint): Uint8Array {
  if (value < 0n) throw new Error('negative values are not used in RSK headers')
  if (value === 0n) return SINGLE_ZERO
  const unsigned = bigintToBytes(value)
  if ((unsigned[0] as number) < 0x80) return unsigned
  const out = new Uint8Array(unsigned.length + 1)
  out.set(unsigned, 1)
  return out
}

/** Java `new BigInteger(bytes)`: two's complement, big-endian (RSKj `parseBlockDifficulty`, `parseSignedCoinNonNullZero`). */
export function parseJavaSignedBytes(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n
  const unsigned = bytesToBigint(bytes)
  return (bytes[0] as number) & 0x80 ? unsigned - (1n << BigInt(bytes.length * 8)) : unsigned
}

/** RSKj `encodeBigInteger`: minimal unsigned, zero → empty string (0x80). Used for number, gasUsed, timestamp, uncleCount, paidFees. */
export function bigIntegerSlot(value: bigint): Uint8Array {
  return bigintToBytes(value)
}

/**
 * RSKj `encodeBlockDifficulty`: `difficulty.getBytes()` is `BigInteger.toByteArray()`, signed, so a
 * difficulty of 0x80…‑0xff… carries a 0x00 sign byte and zero encodes as the raw byte 0x00.
 */
export function blockDifficultySlot(difficulty: bigint): Uint8Array {
  return javaSignedBytes(difficulty)
}

/**
 * Genesis headers keep the difficulty bytes exactly as the genesis file wrote them
 * (`GenesisHeader.encodeBlockDifficulty` overrides the minimal form): regtest's `rsk-dev.json`
 * says `"0x0000000001"`, so its genesis RLP carries 5 raw bytes `0000000001`. Changing that would
 * change the genesis hash every RSK tool knows.
 */
export function genesisDifficultySlot(rawDifficulty: Uint8Array): Uint8Array {
  return rawDifficulty
}

/**
 * RSKj `encodeSignedCoinNonNullZero` (header minimumGasPrice): `Coin.getBytes()` is signed
 * `toByteArray()`; zero is written as the raw byte 0x00 — not 0x80 as minimal RLP would — and
 * null (no minimum gas price) as 0x80.
 */
export function signedCoinNonNullZeroSlot(value: bigint | null): Uint8Array {
  if (value === null) return EMPTY
  return javaSignedBytes(value)
}

/**
 * RSKj `encodeCoinNonNullZero` (transaction gasPrice): unsigned, but zero is the raw byte 0x00
 * and only a missing price (null) is 0x80. RSKj keeps "null" and "zero" apart so a decoded
 * transaction re-encodes to the bytes it came from.
 */
export function coinNonNullZeroSlot(value: bigint | null): Uint8Array {
  if (value === null) return EMPTY
  if (value === 0n) return SINGLE_ZERO
  return bigintToBytes(value)
}

/** RSKj `encodeCoinNullZero` (transaction value): zero → 0x80, otherwise minimal unsigned. */
export function coinNullZeroSlot(value: bigint): Uint8Array {
  return bigintToBytes(value)
}

/**
 * Bouncy Castle `BigIntegers.asUnsignedByteArray`: minimal unsigned, but zero is the single byte
 * 0x00 (not empty). RSKj uses it for receipt gas fields, so a zero gasUsed encodes as 0x00.
 */
export function unsignedBytesBouncyCastle(value: bigint): Uint8Array {
  if (value === 0n) return SINGLE_ZERO
  return bigintToBytes(value)
}

/**
 * RSKj `ByteUtil.shortsToRLP` content: the edges of the parallel-execution sublists (RSKIP144) as
 * little-endian int16s, one byte string. Little-endian is unusual in RLP but it is what RSKj hashes.
 */
export function shortsSlot(shorts: readonly number[]): Uint8Array {
  const out = new Uint8Array(shorts.length * 2)
  shorts.forEach((value, i) => {
    out[2 * i] = value & 0xff
    out[2 * i + 1] = (value >> 8) & 0xff
  })
  return out
}

/** Inverse of `shortsSlot` (RSKj `ByteUtil.rlpToShorts`), as signed int16s. */
export function parseShorts(bytes: Uint8Array): number[] {
  const out: number[] = []
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const value = (bytes[i] as number) | ((bytes[i + 1] as number) << 8)
    out.push(value >= 0x8000 ? value - 0x10000 : value)
  }
  return out
}
