/**
 * Finds a Bitcoin header nonce whose double SHA-256, read as a display-order integer, is ≤ target.
 * The first 64 header bytes do not depend on the nonce, so their SHA-256 state is computed once and
 * each try costs two compressions (the header's last 16 bytes, then the 32-byte digest).
 */
import { BITCOIN_HEADER_SIZE } from './bitcoin/header'
import { compressWords, SHA256_INITIAL_STATE, sha256Midstate } from './bitcoin/sha256Midstate'

function byteSwap(word: number): number {
  return (((word & 0xff) << 24) | ((word & 0xff00) << 8) | ((word >>> 8) & 0xff00) | (word >>> 24)) >>> 0
}

function readWordBE(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] as number) << 24) |
      ((bytes[offset + 1] as number) << 16) |
      ((bytes[offset + 2] as number) << 8) |
      (bytes[offset + 3] as number)) >>>
    0
  )
}

/** The digest held in `state` (big-endian words), byte-reversed into display order. */
function displayOrderDigest(state: Uint32Array): Uint8Array {
  const hash = new Uint8Array(32)
  for (let i = 0; i < 8; i++) {
    const word = state[7 - i] as number
    hash[4 * i] = word & 0xff
    hash[4 * i + 1] = (word >>> 8) & 0xff
    hash[4 * i + 2] = (word >>> 16) & 0xff
    hash[4 * i + 3] = word >>> 24
  }
  return hash
}

export type GrindHeaderParameters = {
  /** The 80-byte header; its nonce field (bytes 76..80) is ignored. */
  header: Uint8Array
  target: bigint
  /** First nonce to try (default 0). */
  startNonce?: number
  /** Last nonce to try, inclusive (default 0xffffffff). */
  endNonce?: number
}

/** The first nonce in range meeting the target, or null when none does. */
export function grindHeaderNonce(parameters: GrindHeaderParameters): number | null {
  return grindHeader(parameters)?.nonce ?? null
}

export type GrindHeaderReturnType = {
  nonce: number
  /** The header's hash with that nonce, display order: grinding has just computed it. */
  hash: Uint8Array
}

/** The first nonce in range meeting the target with the header hash it gives, or null. */
export function grindHeader({
  header,
  target,
  startNonce = 0,
  endNonce = 0xffffffff,
}: GrindHeaderParameters): GrindHeaderReturnType | null {
  if (header.length !== BITCOIN_HEADER_SIZE) throw new RangeError('a Bitcoin header is 80 bytes')
  if (target < 0n || target >= 1n << 256n) throw new RangeError('target must fit 32 bytes')
  const targetWords = Array.from({ length: 8 }, (_, i) =>
    Number((target >> BigInt(224 - 32 * i)) & 0xffffffffn),
  )
  const midstate = sha256Midstate(header, 64).state
  // Second block of the first hash: header bytes 64..80, padding, length 640 bits.
  const first = new Uint32Array(16)
  first[0] = readWordBE(header, 64)
  first[1] = readWordBE(header, 68)
  first[2] = readWordBE(header, 72)
  first[4] = 0x80000000
  first[15] = 640
  // The single block of the second hash: the 32-byte digest, padding, length 256 bits.
  const second = new Uint32Array(16)
  second[8] = 0x80000000
  second[15] = 256
  const state = new Uint32Array(8)
  for (let nonce = startNonce; nonce <= endNonce; nonce++) {
    first[3] = byteSwap(nonce) // the nonce is little-endian in the header
    state.set(midstate)
    compressWords(state, first)
    second.set(state, 0)
    state.set(SHA256_INITIAL_STATE)
    compressWords(state, second)
    // Display order reverses the digest, so its most significant word is the last word byte-swapped.
    let verdict = 0
    for (let i = 0; i < 8 && verdict === 0; i++) {
      const hashWord = byteSwap(state[7 - i] as number)
      const targetWord = targetWords[i] as number
      verdict = hashWord < targetWord ? -1 : hashWord > targetWord ? 1 : 0
    }
    if (verdict <= 0) return { nonce, hash: displayOrderDigest(state) }
  }
  return null
}
