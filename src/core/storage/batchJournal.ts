/**
 * The write-ahead journal of the IndexedDB store: each batch is packed into one byte array and
 * committed as one record, and applied to the key-value object store afterwards (compaction).
 *
 * Why: Chromium's IndexedDB pays per `put` (an IPC and a LevelDB entry each), not per byte. A
 * block is ~18 small puts, and committing them took ~1.4 ms against ~0.4 ms for one record of the
 * same bytes (bench/extension). The journal makes the record that acknowledges a block one put;
 * the per-key puts still happen, but after the answer, while the worker waits for the next request.
 *
 * Until a batch is compacted its values are served from memory (`JournalLayers`), newest first, so
 * reads see every write issued before them, acknowledged or not.
 */
import type { KvOperation } from './types.js'

const PUT = 1
const DELETE = 2
const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** The key's UTF-8 bytes when it is not plain ASCII; undefined for ASCII (one byte a character). */
function nonAsciiKey(key: string): Uint8Array | undefined {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0x7f) return encoder.encode(key)
  return undefined
}

/**
 * One record for several batches, in order: `u32 count`, then per operation `u8 type`,
 * `u32 key length`, the UTF-8 key and, for a put, `u32 value length` and the value. Keys are
 * nearly always ASCII and are then written character by character: a `TextEncoder` call per key
 * made a typed array each, a dozen per block.
 */
export function packOperations(batches: ReadonlyArray<readonly KvOperation[]>): Uint8Array {
  const encodedKeys: Array<Uint8Array | undefined> = []
  let size = 4
  let count = 0
  for (const operations of batches)
    for (const op of operations) {
      const encoded = nonAsciiKey(op.key)
      encodedKeys.push(encoded)
      size += 5 + (encoded?.length ?? op.key.length) + (op.type === 'put' ? 4 + op.value.length : 0)
      count++
    }
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setUint32(0, count)
  let at = 4
  let i = 0
  for (const operations of batches)
    for (const op of operations) {
      const encoded = encodedKeys[i++]
      const key = op.key
      const keyLength = encoded?.length ?? key.length
      out[at] = op.type === 'put' ? PUT : DELETE
      view.setUint32(at + 1, keyLength)
      if (encoded) out.set(encoded, at + 5)
      else for (let c = 0; c < keyLength; c++) out[at + 5 + c] = key.charCodeAt(c)
      at += 5 + keyLength
      if (op.type === 'put') {
        view.setUint32(at, op.value.length)
        out.set(op.value, at + 4)
        at += 4 + op.value.length
      }
    }
  return out
}

/** The operations of a packed record, in order; values are views into `packed`. */
export function unpackOperations(packed: Uint8Array): KvOperation[] {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const count = view.getUint32(0)
  const out: KvOperation[] = []
  let at = 4
  for (let i = 0; i < count; i++) {
    const type = packed[at]
    const keyLength = view.getUint32(at + 1)
    const key = decoder.decode(packed.subarray(at + 5, at + 5 + keyLength))
    at += 5 + keyLength
    if (type === PUT) {
      const length = view.getUint32(at)
      out.push({ type: 'put', key, value: packed.subarray(at + 4, at + 4 + length) })
      at += 4 + length
    } else if (type === DELETE) {
      out.push({ type: 'delete', key })
    } else {
      throw new Error(`the journal record holds an unknown operation type ${type}`)
    }
  }
  if (at !== packed.length) throw new Error('the journal record has trailing bytes')
  return out
}

/**
 * One journal record for several batches packed one by one: their operations in order under one
 * count (a single record is returned as it is).
 */
export function joinPacked(records: readonly Uint8Array[]): Uint8Array {
  if (records.length === 1) return records[0] as Uint8Array
  let size = 4
  let count = 0
  for (const record of records) {
    size += record.length - 4
    count += new DataView(record.buffer, record.byteOffset, 4).getUint32(0)
  }
  const out = new Uint8Array(size)
  new DataView(out.buffer).setUint32(0, count)
  let at = 4
  for (const record of records) {
    out.set(record.subarray(4), at)
    at += record.length - 4
  }
  return out
}

/** `bytes` itself when it spans its whole buffer, else a copy that does (what may be stored). */
export function standaloneBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

/** One batch's effect (or one replayed journal record's): key → value, or `null` for a delete. */
export interface JournalLayer {
  seq: number
  entries: Map<string, Uint8Array | null>
  /** Set once its journal record committed; only committed layers are compacted. */
  committed: boolean
}

interface Newest {
  value: Uint8Array | null
  layer: JournalLayer
}

/**
 * The batches not yet in the key-value object store, oldest first, with an index of the newest
 * value of each key so that a read costs one map lookup however many layers wait.
 */
export class JournalLayers {
  readonly #layers: JournalLayer[] = []
  #newest = new Map<string, Newest>()
  #nextSeq: number

  constructor(firstSeq: number) {
    this.#nextSeq = firstSeq
  }

  /** Adds a batch, not yet committed; values are copied, so the caller may reuse its arrays. */
  add(operations: readonly KvOperation[]): JournalLayer {
    return this.addPacked(packOperations([operations]))
  }

  /**
   * `add`, for a batch already packed as its journal record (`packOperations([operations])`):
   * the layer's values are views into `packed`, so a block's values are copied once, into the
   * record, rather than once more each. Views must not reach IndexedDB as they are (a stored
   * view keeps its whole buffer): compaction copies each value out (`standaloneBytes`).
   */
  addPacked(packed: Uint8Array): JournalLayer {
    return this.#push(this.#nextSeq++, unpackOperations(packed), false)
  }

  /** A record found in the journal at open: committed already. */
  addCommitted(seq: number, packed: Uint8Array): JournalLayer {
    if (seq >= this.#nextSeq) this.#nextSeq = seq + 1
    return this.#push(seq, unpackOperations(packed), true)
  }

  #push(seq: number, operations: readonly KvOperation[], committed: boolean): JournalLayer {
    const entries = new Map<string, Uint8Array | null>()
    for (const op of operations) entries.set(op.key, op.type === 'put' ? op.value : null)
    const layer: JournalLayer = { seq, entries, committed }
    this.#layers.push(layer)
    for (const [key, value] of entries) this.#newest.set(key, { value, layer })
    return layer
  }

  /** A batch that failed to commit never happened: older values of its keys show again. */
  discard(layer: JournalLayer): void {
    const i = this.#layers.indexOf(layer)
    if (i < 0) return
    this.#layers.splice(i, 1)
    for (const key of layer.entries.keys()) {
      if (this.#newest.get(key)?.layer !== layer) continue
      this.#newest.delete(key)
      for (let j = this.#layers.length - 1; j >= 0; j--) {
        const older = this.#layers[j] as JournalLayer
        const value = older.entries.get(key)
        if (value === undefined) continue
        this.#newest.set(key, { value, layer: older })
        break
      }
    }
  }

  /** `undefined`: not in the journal (ask the object store); `null`: deleted there. */
  lookup(key: string): Uint8Array | null | undefined {
    return this.#newest.get(key)?.value
  }

  /** Every key in [gte, lt) the journal decides, with its newest value (`null` = deleted). */
  inRange(gte: string | undefined, lt: string | undefined): Map<string, Uint8Array | null> {
    const out = new Map<string, Uint8Array | null>()
    for (const [key, { value }] of this.#newest)
      if ((gte === undefined || key >= gte) && (lt === undefined || key < lt)) out.set(key, value)
    return out
  }

  /** The committed layers from the oldest on, at most `limit` (a prefix: commits happen in order). */
  committedPrefix(limit = Number.POSITIVE_INFINITY): JournalLayer[] {
    const out: JournalLayer[] = []
    for (const layer of this.#layers) {
      if (!layer.committed || out.length >= limit) break
      out.push(layer)
    }
    return out
  }

  /** Drops layers now in the object store: a prefix of the layers, as `committedPrefix` gave it. */
  dropCompacted(layers: readonly JournalLayer[]): void {
    const done = new Set(layers)
    let keep = 0
    for (const layer of this.#layers) if (!done.has(layer)) this.#layers[keep++] = layer
    this.#layers.length = keep
    // Everything compacted (the usual case once writes pause): a fresh map rather than a delete per
    // key, as V8 would rehash this long-lived map in the old generation and the old tables would
    // keep the compacted layers' records alive until a full collection (see HeightRing).
    if (keep === 0) {
      this.#newest = new Map()
      return
    }
    // A key whose newest value is in a later layer stays; older layers were all compacted.
    for (const layer of layers)
      for (const key of layer.entries.keys())
        if (this.#newest.get(key)?.layer === layer) this.#newest.delete(key)
  }

  get size(): number {
    return this.#layers.length
  }
}

/** The newest value per key of several layers, oldest first: what one compaction writes. */
export function mergeLayers(layers: readonly JournalLayer[]): Map<string, Uint8Array | null> {
  const out = new Map<string, Uint8Array | null>()
  for (const layer of layers) for (const [key, value] of layer.entries) out.set(key, value)
  return out
}
