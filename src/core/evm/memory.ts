import { MAX_MEMORY, memoryFee } from './gas.js'
import { toIndex } from './words.js'

/**
 * The EVM's byte-addressed memory for one call frame. Its size is always a multiple of 32; the
 * backing buffer grows geometrically so expansions do not copy on every step.
 */
export class Memory {
  private buffer = new Uint8Array(0)
  /** A DataView over the current buffer, for word loads and stores without allocation. */
  dataView = new DataView(this.buffer.buffer)
  /** Active size in bytes (what MSIZE reports). */
  size = 0

  /** Extends the active size to cover `[0, end)`; the caller has charged the gas already. */
  extend(end: number): void {
    if (end <= this.size) return
    const newSize = Math.ceil(end / 32) * 32
    if (newSize > this.buffer.length) {
      const grown = new Uint8Array(Math.max(newSize, this.buffer.length * 2, 1024))
      grown.set(this.buffer.subarray(0, this.size))
      this.buffer = grown
      this.dataView = new DataView(grown.buffer)
    }
    this.size = newSize
  }

  /** Clears the active bytes so the buffer can serve a new frame. */
  reset(): void {
    this.buffer.fill(0, 0, this.size)
    this.size = 0
  }

  /** The backing bytes; valid up to `size`. */
  get bytes(): Uint8Array {
    return this.buffer
  }

  /** A copy of `[offset, offset+length)`; extends memory first when needed. */
  read(offset: number, length: number): Uint8Array {
    if (length === 0) return new Uint8Array(0)
    this.extend(offset + length)
    return this.buffer.slice(offset, offset + length)
  }

  /** A view (not a copy) of `[offset, offset+length)`, valid until memory grows. */
  view(offset: number, length: number): Uint8Array {
    if (length === 0) return new Uint8Array(0)
    this.extend(offset + length)
    return this.buffer.subarray(offset, offset + length)
  }

  /**
   * Copies `length` bytes of `source` starting at `sourceOffset` into memory at `offset`, padding
   * with zeros past the end of `source` (CALLDATACOPY, CODECOPY and friends).
   */
  writePadded(offset: number, source: Uint8Array, sourceOffset: number, length: number): void {
    if (length === 0) return
    this.extend(offset + length)
    const available = sourceOffset >= source.length ? 0 : Math.min(length, source.length - sourceOffset)
    if (available > 0) this.buffer.set(source.subarray(sourceOffset, sourceOffset + available), offset)
    if (available < length) this.buffer.fill(0, offset + available, offset + length)
  }

  /** Writes at most `limit` bytes of `data` (the output area of a call). */
  writeLimited(offset: number, data: Uint8Array, limit: number): void {
    const length = Math.min(limit, data.length)
    if (length === 0) return
    this.extend(offset + length)
    this.buffer.set(data.subarray(0, length), offset)
  }

  /** MCOPY: overlapping-safe copy inside memory. */
  copyWithin(destination: number, source: number, length: number): void {
    if (length === 0) return
    this.extend(Math.max(destination, source) + length)
    this.buffer.copyWithin(destination, source, source + length)
  }
}

/** Reads the word at `offset` of a memory already extended past `offset + 32`. */
export function loadWord(memory: Memory, offset: number): bigint {
  const view = memory.dataView
  return (
    (view.getBigUint64(offset) << 192n) |
    (view.getBigUint64(offset + 8) << 128n) |
    (view.getBigUint64(offset + 16) << 64n) |
    view.getBigUint64(offset + 24)
  )
}

/** Stores a word at `offset` of a memory already extended past `offset + 32`. */
export function storeWord(memory: Memory, offset: number, value: bigint): void {
  const view = memory.dataView
  view.setBigUint64(offset, BigInt.asUintN(64, value >> 192n))
  view.setBigUint64(offset + 8, BigInt.asUintN(64, value >> 128n))
  view.setBigUint64(offset + 16, BigInt.asUintN(64, value >> 64n))
  view.setBigUint64(offset + 24, BigInt.asUintN(64, value))
}

/** Gas to grow memory so that `[offset, offset+size)` is addressable (0 when size is 0). */
export function expansionCost(memory: Memory, offset: bigint, size: bigint): number {
  if (size === 0n) return 0
  const end = toIndex(offset) + toIndex(size)
  if (end > MAX_MEMORY) return Number.MAX_SAFE_INTEGER
  const words = Math.ceil(end / 32)
  const current = memory.size / 32
  return words > current ? memoryFee(words) - memoryFee(current) : 0
}
