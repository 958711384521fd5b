/**
 * Byte, hex and bigint helpers shared by every layer of the node.
 * Domain code works with `Uint8Array` and `bigint`; the wire encoding (EIP-1474 / RSKj HexUtils)
 * lives in `src/core/rpc/encode.ts` and builds on these. QUANTITY encoding is here because the
 * tracers (`src/core/tracing`) write RSKj's trace formats with it too.
 */

export type Hex = `0x${string}`
/** A 20-byte address as lowercase `0x`-prefixed hex: the node's canonical form (RSKj never checksums). */
export type Address = `0x${string}`

const HEX_CHARS = '0123456789abcdef'
const BYTE_TO_HEX: string[] = Array.from({ length: 256 }, (_, i) => HEX_CHARS[i >> 4]! + HEX_CHARS[i & 15]!)

/** ASCII codes of each byte's two hex digits, for the one-pass encoder below. */
const HIGH_DIGIT = Uint8Array.from({ length: 256 }, (_, i) => HEX_CHARS.charCodeAt(i >> 4))
const LOW_DIGIT = Uint8Array.from({ length: 256 }, (_, i) => HEX_CHARS.charCodeAt(i & 15))
const asciiDecoder = new TextDecoder()
let digits = new Uint8Array(130)

/** Lowercase hex with a `0x` prefix, two digits a byte (`0x` for empty). */
export function bytesToHex(bytes: Uint8Array): Hex {
  // Short values: appending gives a flat string below V8's 13-character cons threshold.
  if (bytes.length < 6) {
    let out = '0x'
    for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i] as number]
    return out as Hex
  }
  // Longer ones are decoded from ASCII digits in one call: appending would make a rope of one
  // 32-byte cons cell per byte (~900 bytes for a hash instead of ~100), and the node keeps
  // hundreds of thousands of hex keys and wire strings.
  const length = 2 + bytes.length * 2
  if (digits.length < length) digits = new Uint8Array(length * 2)
  digits[0] = 48
  digits[1] = 120
  for (let i = 0, j = 2; i < bytes.length; i++, j += 2) {
    const byte = bytes[i] as number
    digits[j] = HIGH_DIGIT[byte] as number
    digits[j + 1] = LOW_DIGIT[byte] as number
  }
  return asciiDecoder.decode(digits.subarray(0, length)) as Hex
}

/** Hex without the prefix. */
export function bytesToUnprefixedHex(bytes: Uint8Array): string {
  return bytesToHex(bytes).slice(2)
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 97 && code <= 102) return code - 87
  if (code >= 65 && code <= 70) return code - 55
  return -1
}

/** True when `s` is `0x` followed only by hex digits (any count, any case). */
export function isHexString(s: unknown): s is Hex {
  return typeof s === 'string' && /^0x[0-9a-fA-F]*$/.test(s)
}

/**
 * Decodes hex (with or without `0x`, any case). Throws on odd length or a non-hex digit;
 * callers at the RPC edge validate first so the user gets a -32602 that names the parameter.
 */
export function hexToBytes(hex: string): Uint8Array {
  const s = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex
  if (s.length % 2 !== 0) throw new Error(`hex string has odd length: ${hex.length}`)
  const out = new Uint8Array(s.length / 2)
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(s.charCodeAt(2 * i))
    const lo = nibble(s.charCodeAt(2 * i + 1))
    if (hi < 0 || lo < 0) throw new Error(`invalid hex digit in: ${hex}`)
    out[i] = (hi << 4) | lo
  }
  return out
}

/** Big-endian unsigned bytes of `n` with no leading zeros (empty for 0), as RLP wants them. */
export function bigintToBytes(n: bigint): Uint8Array {
  if (n < 0n) throw new Error('negative value has no unsigned encoding')
  if (n === 0n) return new Uint8Array(0)
  // Nonces, gas and small values (below 2^48) take the number path: no hex string round trip.
  if (n < 0x1000000000000n) {
    let value = Number(n)
    let length = 0
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) length++
    const out = new Uint8Array(length)
    for (let i = length - 1; i >= 0; i--) {
      out[i] = value % 256
      value = Math.floor(value / 256)
    }
    return out
  }
  let hex = n.toString(16)
  if (hex.length % 2) hex = `0${hex}`
  return hexToBytes(hex)
}

/** Big-endian unsigned bytes left-padded to `length`. */
export function bigintToPaddedBytes(n: bigint, length: number): Uint8Array {
  const raw = bigintToBytes(n)
  if (raw.length > length) throw new Error(`value does not fit in ${length} bytes`)
  const out = new Uint8Array(length)
  out.set(raw, length - raw.length)
  return out
}

/** Unsigned big-endian bytes to bigint (empty → 0). */
export function bytesToBigint(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n
  // Up to 6 bytes fit a double exactly: no hex string round trip.
  if (bytes.length <= 6) {
    let value = 0
    for (let i = 0; i < bytes.length; i++) value = value * 256 + (bytes[i] as number)
    return BigInt(value)
  }
  return BigInt(bytesToHex(bytes))
}

export function numberToBytes(n: number): Uint8Array {
  return bigintToBytes(BigInt(n))
}

export function bytesToNumber(bytes: Uint8Array): number {
  return Number(bytesToBigint(bytes))
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let len = 0
  for (const p of parts) len += p.length
  const out = new Uint8Array(len)
  let off = 0
  for (const p of parts) {
    out.set(p, off)
    off += p.length
  }
  return out
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function utf8ToBytes(s: string): Uint8Array {
  return new TextEncoder().encode(s)
}

export function bytesToUtf8(b: Uint8Array): string {
  return new TextDecoder().decode(b)
}

/** Normalizes a 20-byte address to the canonical lowercase form. */
export function toAddress(bytes: Uint8Array): Address {
  if (bytes.length !== 20) throw new Error(`address must be 20 bytes, got ${bytes.length}`)
  return bytesToHex(bytes) as Address
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as Address
export const ZERO_HASH = new Uint8Array(32)

/** A non-negative integer as a QUANTITY: `0x0`, `0x1e`, never `0x01`. */
export function toQuantity(value: bigint | number): Hex {
  const n = typeof value === 'number' ? BigInt(value) : value
  if (n < 0n) throw new RangeError(`a QUANTITY cannot be negative: ${n}`)
  return `0x${n.toString(16)}`
}

/** A byte-backed quantity (RSKj `toQuantityJsonHex(byte[])`): leading zero bytes dropped, empty → `0x0`. */
export function bytesToQuantity(bytes: Uint8Array): Hex {
  let hex = bytesToHex(bytes).slice(2).replace(/^0+/, '')
  if (hex === '') hex = '0'
  return `0x${hex}`
}
