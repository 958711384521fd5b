/** Unsigned LEB128 numbers (up to 2^53), and a reader over bytes that holds them. */

export function varintLength(n: number): number {
  let length = 1
  for (let v = n; v >= 0x80; v = Math.floor(v / 128)) length++
  return length
}

/** Writes `n` at `offset`; returns the offset after it. */
export function writeVarint(out: Uint8Array, offset: number, n: number): number {
  let v = n
  let at = offset
  while (v >= 0x80) {
    out[at++] = (v % 128) | 0x80
    v = Math.floor(v / 128)
  }
  out[at++] = v
  return at
}

/** `bytes` followed by `n` as a varint, in a new array. */
export function appendVarint(bytes: Uint8Array, n: number): Uint8Array {
  const out = new Uint8Array(bytes.length + varintLength(n))
  out.set(bytes)
  writeVarint(out, bytes.length, n)
  return out
}

/** Reads numbers and byte strings in order; a read past the end is a `RangeError`. */
export class ByteReader {
  offset: number
  constructor(
    readonly bytes: Uint8Array,
    offset = 0,
  ) {
    this.offset = offset
  }

  get done(): boolean {
    return this.offset >= this.bytes.length
  }

  varint(): number {
    let n = 0
    let scale = 1
    for (;;) {
      if (this.offset >= this.bytes.length) throw new RangeError('the bytes end in a number')
      const byte = this.bytes[this.offset++] as number
      n += (byte & 0x7f) * scale
      if (byte < 0x80) return n
      scale *= 128
    }
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new RangeError('the bytes are cut short')
    const out = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return out
  }

  byte(): number {
    return this.take(1)[0] as number
  }
}
