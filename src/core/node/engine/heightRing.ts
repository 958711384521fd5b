/**
 * Values for the newest block heights, at most one per slot `height mod capacity`: a block
 * committed at `n` takes the slot of `n - capacity`, which is how the newest `capacity` stay.
 *
 * Why not a `Map` with an insert and a delete per block: V8 rehashes such a map every few dozen
 * inserts, allocating the new table where the old one lived (the old generation, for a cache that
 * lives as long as the node) and leaving the old table's references to the recent blocks behind.
 * Until the next full collection those references keep every block that passed through the cache
 * alive, so each block, with its transactions and receipts, was promoted to the old generation
 * instead of dying young. A ring is written in place and never reallocates.
 */
export class HeightRing<T> {
  readonly capacity: number
  readonly #heights: Array<bigint | undefined>
  readonly #values: Array<T | undefined>
  #size = 0

  constructor(capacity: number) {
    this.capacity = capacity
    this.#heights = new Array<bigint | undefined>(capacity).fill(undefined)
    this.#values = new Array<T | undefined>(capacity).fill(undefined)
  }

  get size(): number {
    return this.#size
  }

  get(height: bigint): T | undefined {
    const slot = this.#slot(height)
    return this.#heights[slot] === height ? this.#values[slot] : undefined
  }

  has(height: bigint): boolean {
    return this.#heights[this.#slot(height)] === height
  }

  /** Puts `value` at `height`; returns what held its slot for another height (now evicted). */
  set(height: bigint, value: T): T | undefined {
    const slot = this.#slot(height)
    const previous = this.#heights[slot]
    const evicted = previous === undefined || previous === height ? undefined : this.#values[slot]
    if (previous === undefined) this.#size++
    this.#heights[slot] = height
    this.#values[slot] = value
    return evicted
  }

  /** Removes `height`; returns its value, or undefined when it was not held. */
  delete(height: bigint): T | undefined {
    const slot = this.#slot(height)
    if (this.#heights[slot] !== height) return undefined
    const value = this.#values[slot]
    this.#heights[slot] = undefined
    this.#values[slot] = undefined
    this.#size--
    return value
  }

  clear(): void {
    this.#heights.fill(undefined)
    this.#values.fill(undefined)
    this.#size = 0
  }

  /** The held heights and values, in slot order; deleting the current one meanwhile is safe. */
  *entries(): Generator<[bigint, T]> {
    for (let slot = 0; slot < this.capacity; slot++) {
      const height = this.#heights[slot]
      if (height !== undefined) yield [height, this.#values[slot] as T]
    }
  }

  #slot(height: bigint): number {
    // Heights are non-negative and far below 2^53: the number's remainder is exact.
    return Number(height) % this.capacity
  }
}
