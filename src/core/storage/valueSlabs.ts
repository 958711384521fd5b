/**
 * Byte values packed end to end in large shared buffers ("slabs"), addressed by a small integer
 * id. Per value the memory store then keeps three int32 (slab, offset, length) instead of a
 * `Uint8Array`, an `ArrayBuffer` and a separately allocated backing store (~200 bytes of overhead
 * for values that are mostly 40–500 bytes). Replaced and removed values leave dead bytes behind;
 * once the dead bytes outweigh the live ones, every live value is repacked into fresh slabs.
 */
import { grownArray } from './grownArray.js'

const SLAB_BYTES = 256 * 1024
/** Values at least this large get a slab of their own, so a slab never wastes much of its tail. */
const OWN_SLAB_BYTES = 16 * 1024
/** Repacking is O(live bytes); below this much garbage it is not worth it. */
const MIN_DEAD_BYTES_TO_REPACK = 4 * 1024 * 1024

export class ValueSlabs {
  #slabs: Uint8Array[] = []
  /** The slab new small values are appended to, and its fill level. */
  #current = -1
  #cursor = SLAB_BYTES
  #slabOf = new Int32Array(1024)
  #offsetOf = new Int32Array(1024)
  #lengthOf = new Int32Array(1024)
  /** Ids ever handed out; freed ones wait in `#free` for reuse. */
  #ids = 0
  #free: number[] = []
  #liveBytes = 0
  #deadBytes = 0

  /** Stores a copy of `value`; returns its id. */
  add(value: Uint8Array): number {
    const id = this.#free.pop() ?? this.#newId()
    this.#place(id, value)
    this.#liveBytes += value.length
    return id
  }

  /** Stores a copy of `value` under an existing id. */
  replace(id: number, value: Uint8Array): void {
    this.#retire(id)
    this.#place(id, value)
    this.#liveBytes += value.length
    this.#maybeRepack()
  }

  remove(id: number): void {
    this.#retire(id)
    this.#slabOf[id] = -1
    this.#free.push(id)
    this.#maybeRepack()
  }

  /** A fresh copy of the value: callers may modify what they get. */
  copy(id: number): Uint8Array {
    const offset = this.#offsetOf[id] as number
    const slab = this.#slabs[this.#slabOf[id] as number] as Uint8Array
    return slab.slice(offset, offset + (this.#lengthOf[id] as number))
  }

  #newId(): number {
    const id = this.#ids++
    if (id === this.#slabOf.length) {
      this.#slabOf = grownArray(this.#slabOf, id + 1)
      this.#offsetOf = grownArray(this.#offsetOf, id + 1)
      this.#lengthOf = grownArray(this.#lengthOf, id + 1)
    }
    return id
  }

  #place(id: number, value: Uint8Array): void {
    const length = value.length
    if (length >= OWN_SLAB_BYTES) {
      this.#slabOf[id] = this.#slabs.push(value.slice()) - 1
      this.#offsetOf[id] = 0
    } else {
      if (this.#current < 0 || this.#cursor + length > SLAB_BYTES) {
        this.#current = this.#slabs.push(new Uint8Array(SLAB_BYTES)) - 1
        this.#cursor = 0
      }
      const slab = this.#slabs[this.#current] as Uint8Array
      slab.set(value, this.#cursor)
      this.#slabOf[id] = this.#current
      this.#offsetOf[id] = this.#cursor
      this.#cursor += length
    }
    this.#lengthOf[id] = length
  }

  #retire(id: number): void {
    const length = this.#lengthOf[id] as number
    this.#liveBytes -= length
    this.#deadBytes += length
  }

  #maybeRepack(): void {
    if (this.#deadBytes < MIN_DEAD_BYTES_TO_REPACK || this.#deadBytes < this.#liveBytes) return
    const old = this.#slabs
    const slabOf = this.#slabOf
    this.#slabs = []
    this.#current = -1
    this.#cursor = SLAB_BYTES
    for (let id = 0; id < this.#ids; id++) {
      const slab = slabOf[id] as number
      if (slab < 0) continue
      const offset = this.#offsetOf[id] as number
      this.#place(id, (old[slab] as Uint8Array).subarray(offset, offset + (this.#lengthOf[id] as number)))
    }
    this.#deadBytes = 0
  }
}
