/**
 * Little-endian integer and CompactSize (varint) encoding as Bitcoin serializes them.
 * Bitcoin writes every integer little-endian and prefixes lists and scripts with a CompactSize.
 */

/** Thrown when Bitcoin bytes end early or carry an impossible length. */
export class BitcoinDecodeError extends Error {
  override name = 'BitcoinDecodeError'
}

/** Appends bytes to a growing buffer; `toBytes()` returns exactly what was written. */
export class ByteWriter {
  private buffer: Uint8Array
  private length = 0

  constructor(initialCapacity = 256) {
    this.buffer = new Uint8Array(initialCapacity)
  }

  private reserve(extra: number): void {
    const needed = this.length + extra
    if (needed <= this.buffer.length) return
    let capacity = this.buffer.length * 2
    while (capacity < needed) capacity *= 2
    const grown = new Uint8Array(capacity)
    grown.set(this.buffer.subarray(0, this.length))
    this.buffer = grown
  }

  bytes(data: Uint8Array): this {
    this.reserve(data.length)
    this.buffer.set(data, this.length)
    this.length += data.length
    return this
  }

  uint8(value: number): this {
    this.reserve(1)
    this.buffer[this.length++] = value & 0xff
    return this
  }

  uint32le(value: number): this {
    this.reserve(4)
    const b = this.buffer
    const at = this.length
    b[at] = value & 0xff
    b[at + 1] = (value >>> 8) & 0xff
    b[at + 2] = (value >>> 16) & 0xff
    b[at + 3] = (value >>> 24) & 0xff
    this.length += 4
    return this
  }

  /** Writes a signed 32-bit value (block and transaction versions are int32). */
  int32le(value: number): this {
    return this.uint32le(value >>> 0)
  }

  uint64le(value: bigint): this {
    if (value < 0n || value >= 1n << 64n) throw new RangeError(`uint64 out of range: ${value}`)
    this.uint32le(Number(value & 0xffffffffn))
    this.uint32le(Number(value >> 32n))
    return this
  }

  /** CompactSize: 1 byte below 0xfd, else a marker (fd/fe/ff) and 2, 4 or 8 bytes. */
  varInt(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint out of range: ${value}`)
    if (value < 0xfd) return this.uint8(value)
    if (value <= 0xffff)
      return this.uint8(0xfd)
        .uint8(value)
        .uint8(value >>> 8)
    if (value <= 0xffffffff) return this.uint8(0xfe).uint32le(value)
    return this.uint8(0xff).uint64le(BigInt(value))
  }

  /** A CompactSize length followed by the bytes (scripts, witness items). */
  varBytes(data: Uint8Array): this {
    return this.varInt(data.length).bytes(data)
  }

  toBytes(): Uint8Array {
    // A full buffer is handed over rather than copied (writers are usually sized exactly, and a
    // copy over 64 bytes is an allocation outside the JS heap); a later write must grow it into a
    // new buffer, so what was returned never changes.
    if (this.length === this.buffer.length) return this.buffer
    return this.buffer.slice(0, this.length)
  }
}

/** Reads Bitcoin-serialized data front to back; every read checks that enough bytes remain. */
export class ByteReader {
  offset = 0

  constructor(readonly data: Uint8Array) {}

  get remaining(): number {
    return this.data.length - this.offset
  }

  private need(count: number, what: string): void {
    if (count > this.remaining) {
      throw new BitcoinDecodeError(
        `unexpected end of data reading ${what}: need ${count} bytes at offset ${this.offset}, have ${this.remaining}`,
      )
    }
  }

  bytes(count: number, what = 'bytes'): Uint8Array {
    this.need(count, what)
    const out = this.data.slice(this.offset, this.offset + count)
    this.offset += count
    return out
  }

  uint8(what = 'byte'): number {
    this.need(1, what)
    return this.data[this.offset++] as number
  }

  uint32le(what = 'uint32'): number {
    this.need(4, what)
    const d = this.data
    const at = this.offset
    this.offset += 4
    return (
      ((d[at] as number) |
        ((d[at + 1] as number) << 8) |
        ((d[at + 2] as number) << 16) |
        ((d[at + 3] as number) << 24)) >>>
      0
    )
  }

  int32le(what = 'int32'): number {
    return this.uint32le(what) | 0
  }

  uint64le(what = 'uint64'): bigint {
    const low = BigInt(this.uint32le(what))
    const high = BigInt(this.uint32le(what))
    return (high << 32n) | low
  }

  varInt(what = 'varint'): number {
    const first = this.uint8(what)
    if (first < 0xfd) return first
    if (first === 0xfd) return this.uint8(what) | (this.uint8(what) << 8)
    if (first === 0xfe) return this.uint32le(what)
    const value = this.uint64le(what)
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new BitcoinDecodeError(`${what} too large: ${value}`)
    return Number(value)
  }

  varBytes(what = 'script'): Uint8Array {
    const length = this.varInt(`${what} length`)
    return this.bytes(length, what)
  }
}

/** A reversed copy: converts between Bitcoin's internal hash order and the display (RPC) order. */
export function reverseBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[bytes.length - 1 - i] as number
  return out
}

/** Writes `value` as 4 little-endian bytes at `at`: for serializers that write at fixed offsets. */
export function writeUint32le(out: Uint8Array, at: number, value: number): void {
  out[at] = value & 0xff
  out[at + 1] = (value >>> 8) & 0xff
  out[at + 2] = (value >>> 16) & 0xff
  out[at + 3] = (value >>> 24) & 0xff
}
