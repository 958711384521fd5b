/**
 * Nibble paths and Ethereum's hex-prefix (compact) encoding of them (Yellow Paper, appendix C).
 * A path is a `Uint8Array` holding one nibble (0–15) a byte.
 */

export function bytesToNibbles(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length * 2)
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number
    out[2 * i] = b >> 4
    out[2 * i + 1] = b & 15
  }
  return out
}

/** Length of the common prefix of `a[aOffset..]` and `b[bOffset..]`. */
export function commonPrefixLength(a: Uint8Array, aOffset: number, b: Uint8Array, bOffset: number): number {
  const max = Math.min(a.length - aOffset, b.length - bOffset)
  let i = 0
  while (i < max && a[aOffset + i] === b[bOffset + i]) i++
  return i
}

export function concatNibbles(...parts: Uint8Array[]): Uint8Array {
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

/**
 * Hex-prefix encoding: the first nibble carries the leaf flag (2) and the odd-length flag (1);
 * an even-length path gets a zero padding nibble so the result is whole bytes.
 */
export function hexPrefixEncode(path: Uint8Array, isLeaf: boolean): Uint8Array {
  const odd = path.length % 2
  const flag = (isLeaf ? 2 : 0) + odd
  const out = new Uint8Array(1 + ((path.length - odd) >> 1))
  let nibbleIndex = 0
  if (odd) {
    out[0] = (flag << 4) | (path[0] as number)
    nibbleIndex = 1
  } else {
    out[0] = flag << 4
  }
  for (let i = 1; i < out.length; i++) {
    out[i] = ((path[nibbleIndex] as number) << 4) | (path[nibbleIndex + 1] as number)
    nibbleIndex += 2
  }
  return out
}

export interface HexPrefixDecoded {
  path: Uint8Array
  isLeaf: boolean
}

export function hexPrefixDecode(encoded: Uint8Array): HexPrefixDecoded {
  if (encoded.length === 0) throw new Error('hex-prefix path is empty')
  const first = encoded[0] as number
  const flag = first >> 4
  if (flag > 3) throw new Error(`invalid hex-prefix flag ${flag}`)
  const odd = flag & 1
  const nibbles = bytesToNibbles(encoded)
  // Drop the flag nibble, and the padding nibble when the length is even.
  return { path: nibbles.slice(odd ? 1 : 2), isLeaf: (flag & 2) !== 0 }
}
