/**
 * Wire encoding of results (EIP-1474, RSKj HexUtils — reference §0): QUANTITY without leading
 * zeros (`0x0` for zero), DATA with two lowercase digits a byte (`0x` when empty), addresses
 * lowercase. Methods build their results with these and nothing else.
 */
import { type Address, bytesToHex, type Hex } from '../util/hex.js'

// QUANTITY encoding is shared with the tracers' result formats, so it lives with the hex helpers.
export { bytesToQuantity, toQuantity } from '../util/hex.js'

/** Bytes as DATA: two digits a byte, `0x` for empty. */
export function toData(bytes: Uint8Array): Hex {
  return bytesToHex(bytes)
}

/** Bytes as DATA of a fixed length, checked: a hash must be 32 bytes on the wire, never shorter. */
export function toFixedData(bytes: Uint8Array, length: number): Hex {
  if (bytes.length !== length) throw new RangeError(`expected ${length} bytes, got ${bytes.length}`)
  return bytesToHex(bytes)
}

/** A 32-byte hash as DATA32. */
export function toData32(bytes: Uint8Array): Hex {
  return toFixedData(bytes, 32)
}

/** A 20-byte address, lowercase (RSKj never emits EIP-55/EIP-1191 checksums). */
export function toAddressData(address: Uint8Array | string): Address {
  if (typeof address === 'string') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new RangeError(`not an address: ${address}`)
    return address.toLowerCase() as Address
  }
  return toFixedData(address, 20) as Address
}

/** A 32-byte big-endian word from a number, zero-padded (e.g. `eth_getStorageAt` results). */
export function toWord(value: bigint): Hex {
  if (value < 0n || value >= 1n << 256n) throw new RangeError('value does not fit in 32 bytes')
  return `0x${value.toString(16).padStart(64, '0')}`
}

/** The `v` of a transaction as RSKj prints it: `String.format("0x%02x", v)` — at least two digits. */
export function toSignatureV(v: bigint | number): Hex {
  const n = typeof v === 'number' ? BigInt(v) : v
  if (n < 0n) throw new RangeError(`v cannot be negative: ${n}`)
  return `0x${n.toString(16).padStart(2, '0')}`
}
