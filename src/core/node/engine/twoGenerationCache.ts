/**
 * A cache of at most `2 × generation` entries without an eviction per entry: entries go into the
 * current map; when it is full it becomes the previous one and the map before it is dropped
 * whole. A hit in the previous generation is moved to the current one, so what is read keeps
 * living. Dropping whole maps (rather than deleting one entry per insert) also keeps V8 from
 * rehashing a long-lived table in the old generation (bench/README.md, "What kept every block
 * alive").
 */
export class TwoGenerationCache<K, V> {
  readonly #generation: number
  #current = new Map<K, V>()
  #previous = new Map<K, V>()

  constructor(generation: number) {
    this.#generation = generation
  }

  get size(): number {
    return this.#current.size + this.#previous.size
  }

  get(key: K): V | undefined {
    const value = this.#current.get(key)
    if (value !== undefined) return value
    const old = this.#previous.get(key)
    if (old !== undefined) this.set(key, old)
    return old
  }

  set(key: K, value: V): void {
    if (this.#current.size >= this.#generation && !this.#current.has(key)) {
      this.#previous = this.#current
      this.#current = new Map()
    }
    this.#current.set(key, value)
  }

  /** Drops the entries whose key `drop` accepts (a revert: rare, so a full pass is fine). */
  deleteWhere(drop: (key: K) => boolean): void {
    for (const map of [this.#current, this.#previous])
      for (const key of map.keys()) if (drop(key)) map.delete(key)
  }

  clear(): void {
    this.#current = new Map()
    this.#previous = new Map()
  }
}
