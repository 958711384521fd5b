/**
 * 256-bit word helpers for the interpreter. Words are bigints in [0, 2^256); conversion to and
 * from bytes goes through 64-bit lanes, which is several times faster than hex strings.
 */
import type { Address } from '../util/hex.js'

export const U256_MAX = (1n << 256n) - 1n
export const SIGN_BIT = 1n << 255n
export const ADDRESS_MASK = (1n << 160n) - 1n

const scratch = new DataView(new ArrayBuffer(32))
const scratchBytes = new Uint8Array(scratch.buffer)

/** Reads a big-endian 32-byte word at `offset`. The caller guarantees 32 readable bytes. */
export function readWord(bytes: Uint8Array, offset: number): bigint {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, 32)
  return (
    (view.getBigUint64(0) << 192n) |
    (view.getBigUint64(8) << 128n) |
    (view.getBigUint64(16) << 64n) |
    view.getBigUint64(24)
  )
}

/** Writes `value` as a big-endian 32-byte word at `offset`. */
export function writeWord(bytes: Uint8Array, offset: number, value: bigint): void {
  scratch.setBigUint64(0, BigInt.asUintN(64, value >> 192n))
  scratch.setBigUint64(8, BigInt.asUintN(64, value >> 128n))
  scratch.setBigUint64(16, BigInt.asUintN(64, value >> 64n))
  scratch.setBigUint64(24, BigInt.asUintN(64, value))
  bytes.set(scratchBytes, offset)
}

export function wordToBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(32)
  writeWord(out, 0, value)
  return out
}

/** Big-endian bytes of any length (≤ 32) to a word; shorter input is a smaller number. */
export function bytesToWord(bytes: Uint8Array): bigint {
  if (bytes.length === 32) return readWord(bytes, 0)
  let v = 0n
  for (let i = 0; i < bytes.length; i++) v = (v << 8n) | BigInt(bytes[i]!)
  return v
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** The low 160 bits of a word as the node's canonical lowercase address. */
export function wordToAddress(word: bigint): Address {
  return `0x${(word & ADDRESS_MASK).toString(16).padStart(40, '0')}` as Address
}

export function addressToWord(address: Address): bigint {
  return BigInt(address)
}

export function addressToBytes(address: Address): Uint8Array {
  const out = new Uint8Array(20)
  for (let i = 0; i < 20; i++) out[i] = Number.parseInt(address.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

export function bytesToAddress(bytes: Uint8Array): Address {
  let s = '0x'
  for (let i = bytes.length - 20; i < bytes.length; i++) s += HEX[bytes[i]!]
  return s as Address
}

export function toSigned(word: bigint): bigint {
  return word & SIGN_BIT ? word - (1n << 256n) : word
}

/** Number of significant bytes in a word (0 for 0), as RSKj's `DataWord.bytesOccupied`. */
export function byteLength(word: bigint): number {
  if (word === 0n) return 0
  return Math.ceil(word.toString(16).length / 2)
}

/**
 * A word used as a size or offset. Values beyond 2^32 cannot be satisfied by memory capped at
 * 1 GiB, so they collapse to a sentinel that fails every memory check as out of gas.
 */
export function toIndex(word: bigint): number {
  return word > 0xffffffffn ? Number.MAX_SAFE_INTEGER : Number(word)
}
