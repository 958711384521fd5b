/** The two hex encodings RSKj uses on the wire (HexUtils): quantities and unformatted data. */

import type { Hex } from '../../util/hex.js'
import { bytesToHex } from '../../util/hex.js'

/** QUANTITY: `0x` + hex without leading zeros, `0x0` for zero. */
export function quantity(n: bigint | number): Hex {
  return `0x${n.toString(16)}` as Hex
}

/** DATA: two hex digits a byte, `0x` when empty. */
export function data(bytes: Uint8Array): Hex {
  return bytesToHex(bytes)
}

/** RSKj's `v` format `0x%02x`: always at least two digits. */
export function signatureV(v: bigint): Hex {
  const h = v.toString(16)
  return `0x${h.length < 2 ? `0${h}` : h}` as Hex
}
