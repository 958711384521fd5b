/**
 * String keys → numbers (the memory store's value ids), in key order, held in typed arrays
 * instead of a `Map<string, number>` and sorted string arrays.
 *
 * Why: a chain in memory has ~11 keys a block (trie nodes, blocks, indexes), mostly 66-character
 * hex strings. As heap strings with their Map entries they cost ~150 bytes each in V8's old
 * generation, which V8 then lets grow to several times what is live before collecting: after
 * 5,000 blocks most of the node's peak memory. Here a key costs its bytes plus ~30 bytes of
 * arrays, outside the collected heap.
 *
 * Lookups hash the key (FNV-1a over its UTF-16 code units) into an open-addressing table. Keys
 * whose code units all fit a byte are stored one byte per unit, others two. Order, for ranges,
 * is kept lazily as with the string index before: new entries wait in `pending` and the next
 * range (or enough deletions) sorts them and merges them into `sorted` in one pass. An entry id
 * is reused only after that merge dropped it from both lists, so neither ever holds an id that
 * now names another key.
 */
import { grownArray } from './grownArray.js'

const EMPTY = -1
const TOMBSTONE = -2
/** Deleted entries waiting for a merge before their ids are reused. */
const MERGE_AFTER_DELETES = 4096
const MIN_DEAD_BYTES_TO_REPACK = 64 * 1024

function hashKey(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return h | 0
}

export interface KeyIndexRange {
  gte?: string
  lt?: string
  reverse?: boolean
  limit?: number
}

export class KeyIndex {
  #table = new Int32Array(1024).fill(EMPTY)
  /** Live entries plus tombstones in `#table`. */
  #occupied = 0
  #size = 0
  // Per entry id.
  #start = new Int32Array(256)
  /** Length in code units; -1 once deleted. */
  #length = new Int32Array(256)
  #wide = new Uint8Array(256)
  #hash = new Int32Array(256)
  #value = new Int32Array(256)
  #ids = 0
  #free: number[] = []
  #deleted: number[] = []
  // The keys' code units.
  #bytes = new Uint8Array(16 * 1024)
  #cursor = 0
  #deadBytes = 0
  // Key order: `#sorted` plus the unsorted `#pending` entries added since the last merge.
  #sorted = new Int32Array(0)
  #pending = new Int32Array(256)
  #pendingLength = 0
  #stale = false

  get size(): number {
    return this.#size
  }

  get(key: string): number | undefined {
    const slot = this.#find(key, hashKey(key))
    return slot < 0 ? undefined : this.#value[this.#table[slot] as number]
  }

  /** Sets the value of `key`; true when the key is new. */
  set(key: string, value: number): boolean {
    const hash = hashKey(key)
    const slot = this.#find(key, hash)
    if (slot >= 0) {
      this.#value[this.#table[slot] as number] = value
      return false
    }
    const id = this.#newEntry(key, hash, value)
    this.#insert(id, hash)
    this.#size++
    this.#pending = grownArray(this.#pending, this.#pendingLength + 1)
    this.#pending[this.#pendingLength++] = id
    this.#stale = true
    return true
  }

  /** Removes `key`; returns its value, or undefined when it was absent. */
  delete(key: string): number | undefined {
    const slot = this.#find(key, hashKey(key))
    if (slot < 0) return undefined
    const id = this.#table[slot] as number
    this.#table[slot] = TOMBSTONE
    this.#size--
    this.#deadBytes += this.#byteLength(id)
    this.#length[id] = -1
    this.#deleted.push(id)
    this.#stale = true
    if (this.#deleted.length >= MERGE_AFTER_DELETES) this.#merge()
    return this.#value[id]
  }

  /** Keys and values within the range, in key order (or reverse). */
  range({
    gte,
    lt,
    reverse = false,
    limit = Number.POSITIVE_INFINITY,
  }: KeyIndexRange): Array<[string, number]> {
    this.#merge()
    const sorted = this.#sorted
    const start = gte === undefined ? 0 : this.#lowerBound(gte)
    const end = lt === undefined ? sorted.length : this.#lowerBound(lt)
    const out: Array<[string, number]> = []
    const count = Math.min(Math.max(end - start, 0), limit)
    for (let k = 0; k < count; k++) {
      const id = sorted[reverse ? end - 1 - k : start + k] as number
      out.push([this.#keyOf(id), this.#value[id] as number])
    }
    return out
  }

  /** The table slot holding `key`, or -1. */
  #find(key: string, hash: number): number {
    const table = this.#table
    const mask = table.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = table[slot] as number
      if (id === EMPTY) return -1
      if (id >= 0 && this.#hash[id] === hash && this.#equals(id, key)) return slot
    }
  }

  #insert(id: number, hash: number): void {
    if ((this.#occupied + 1) * 2 > this.#table.length) this.#rehash()
    const table = this.#table
    const mask = table.length - 1
    let slot = hash & mask
    while ((table[slot] as number) >= 0) slot = (slot + 1) & mask
    if (table[slot] === EMPTY) this.#occupied++
    table[slot] = id
  }

  /** A new table sized for the live entries, without tombstones. */
  #rehash(): void {
    const old = this.#table
    let capacity = old.length
    while ((this.#size + 1) * 2 > capacity / 2) capacity *= 2
    const table = new Int32Array(capacity).fill(EMPTY)
    const mask = capacity - 1
    for (const id of old) {
      if (id < 0) continue
      let slot = (this.#hash[id] as number) & mask
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask
      table[slot] = id
    }
    this.#table = table
    this.#occupied = this.#size
  }

  #newEntry(key: string, hash: number, value: number): number {
    const id = this.#free.pop() ?? this.#ids++
    if (id >= this.#start.length) {
      const n = id + 1
      this.#start = grownArray(this.#start, n)
      this.#length = grownArray(this.#length, n)
      this.#wide = grownArray(this.#wide, n)
      this.#hash = grownArray(this.#hash, n)
      this.#value = grownArray(this.#value, n)
    }
    let wide = 0
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0xff) wide = 1
    const byteLength = key.length << wide
    if (this.#cursor + byteLength > this.#bytes.length) this.#makeRoom(byteLength)
    const bytes = this.#bytes
    let at = this.#cursor
    for (let i = 0; i < key.length; i++) {
      const unit = key.charCodeAt(i)
      bytes[at++] = unit
      if (wide) bytes[at++] = unit >> 8
    }
    this.#start[id] = this.#cursor
    this.#cursor = at
    this.#length[id] = key.length
    this.#wide[id] = wide
    this.#hash[id] = hash
    this.#value[id] = value
    return id
  }

  #byteLength(id: number): number {
    return (this.#length[id] as number) << (this.#wide[id] as number)
  }

  /** Drops deleted keys' bytes when they are most of the arena, else grows it. */
  #makeRoom(byteLength: number): void {
    const live = this.#cursor - this.#deadBytes
    if (this.#deadBytes >= MIN_DEAD_BYTES_TO_REPACK && this.#deadBytes > live) {
      const old = this.#bytes
      const bytes = new Uint8Array(Math.max(old.length, (live + byteLength) * 2))
      let cursor = 0
      for (let id = 0; id < this.#ids; id++) {
        if ((this.#length[id] as number) < 0) continue
        const start = this.#start[id] as number
        const n = this.#byteLength(id)
        bytes.set(old.subarray(start, start + n), cursor)
        this.#start[id] = cursor
        cursor += n
      }
      this.#bytes = bytes
      this.#cursor = cursor
      this.#deadBytes = 0
    } else {
      this.#bytes = grownArray(this.#bytes, this.#cursor + byteLength)
    }
  }

  #unit(id: number, i: number): number {
    const bytes = this.#bytes
    const start = this.#start[id] as number
    if (this.#wide[id] === 0) return bytes[start + i] as number
    return (bytes[start + 2 * i] as number) | ((bytes[start + 2 * i + 1] as number) << 8)
  }

  #equals(id: number, key: string): boolean {
    const length = this.#length[id] as number
    if (length !== key.length) return false
    if (this.#wide[id] === 0) {
      const bytes = this.#bytes
      const start = this.#start[id] as number
      for (let i = 0; i < length; i++) if (bytes[start + i] !== key.charCodeAt(i)) return false
      return true
    }
    for (let i = 0; i < length; i++) if (this.#unit(id, i) !== key.charCodeAt(i)) return false
    return true
  }

  /** Orders entries by UTF-16 code unit, as string comparison (and IndexedDB) do. */
  #compare(a: number, b: number): number {
    const la = this.#length[a] as number
    const lb = this.#length[b] as number
    const n = Math.min(la, lb)
    for (let i = 0; i < n; i++) {
      const d = this.#unit(a, i) - this.#unit(b, i)
      if (d !== 0) return d
    }
    return la - lb
  }

  #compareToKey(id: number, key: string): number {
    const length = this.#length[id] as number
    const n = Math.min(length, key.length)
    for (let i = 0; i < n; i++) {
      const d = this.#unit(id, i) - key.charCodeAt(i)
      if (d !== 0) return d
    }
    return length - key.length
  }

  /** First position in `#sorted` whose key is >= `key`. */
  #lowerBound(key: string): number {
    const sorted = this.#sorted
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.#compareToKey(sorted[mid] as number, key) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  #keyOf(id: number): string {
    const length = this.#length[id] as number
    const codes = new Array<number>(length)
    for (let i = 0; i < length; i++) codes[i] = this.#unit(id, i)
    let key = ''
    for (let i = 0; i < length; i += 8192) key += String.fromCharCode(...codes.slice(i, i + 8192))
    return key
  }

  /**
   * Sorts the pending entries into the order, drops deleted ones from it, and only then makes the
   * deleted ids reusable: one pass over the order.
   */
  #merge(): void {
    if (!this.#stale) return
    const live = (id: number) => (this.#length[id] as number) >= 0
    const pending = this.#pending.subarray(0, this.#pendingLength).filter(live)
    pending.sort((a, b) => this.#compare(a, b))
    const sorted = this.#sorted
    const merged = new Int32Array(this.#size)
    let n = 0
    let i = 0
    let j = 0
    while (i < sorted.length || j < pending.length) {
      const a = sorted[i]
      const b = pending[j]
      if (b === undefined || (a !== undefined && this.#compare(a, b) <= 0)) {
        i++
        if (live(a as number)) merged[n++] = a as number
      } else {
        j++
        merged[n++] = b
      }
    }
    this.#sorted = merged
    this.#pendingLength = 0
    for (const id of this.#deleted) this.#free.push(id)
    this.#deleted = []
    this.#stale = false
  }
}
