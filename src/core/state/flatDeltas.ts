/**
 * The latest flat state in storage (`sa:` accounts, `ss:` slots) is rewritten every few dozen
 * commits, not at every commit. In between, each commit's flat changes travel in its packed node
 * record (trie/packedNodes.ts), and opening the state replays the records written since the last
 * rewrite, which `sf` names. A transfer block so writes one record for its state where it wrote
 * five (three accounts and the slots it changed); the rewrite writes each key once however many
 * blocks changed it.
 *
 * Going back (a snapshot revert, a reorg, a rebuild from the tries) rewrites everything at once
 * and moves `sf` to the highest record, so records a revert abandoned are never replayed.
 */
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import {
  commitRecordSections,
  PACKED_NODES_END,
  packedNodesKey,
  seqOfPackedNodesKey,
} from '../trie/packedNodes.js'
import { ByteReader, varintLength, writeVarint } from '../util/varint.js'

/** Commits between two rewrites of the flat records: at most this many records replayed at start. */
export const FLAT_REWRITE_EVERY = 64
/** …or sooner, once this many flat keys wait (a genesis, a large deployment). */
export const FLAT_REWRITE_AT_KEYS = 512
/** The number of the last commit whose flat changes the flat records include. */
export const FLAT_FLUSHED_KEY = 'sf'

const DELETE = 0
const PUT = 1
const ascii = new TextEncoder()
const fromAscii = new TextDecoder()

/** A commit's flat changes as the bytes its record carries after its nodes. */
export function encodeFlatDelta(operations: readonly KvOperation[]): Uint8Array {
  const keys = operations.map((op) => ascii.encode(op.key))
  let size = varintLength(operations.length)
  operations.forEach((op, i) => {
    const key = keys[i] as Uint8Array
    size += varintLength(key.length) + key.length + 1
    if (op.type === 'put') size += varintLength(op.value.length) + op.value.length
  })
  const out = new Uint8Array(size)
  let offset = writeVarint(out, 0, operations.length)
  operations.forEach((op, i) => {
    const key = keys[i] as Uint8Array
    offset = writeVarint(out, offset, key.length)
    out.set(key, offset)
    offset += key.length
    out[offset++] = op.type === 'put' ? PUT : DELETE
    if (op.type === 'put') {
      offset = writeVarint(out, offset, op.value.length)
      out.set(op.value, offset)
      offset += op.value.length
    }
  })
  return out
}

export function decodeFlatDelta(bytes: Uint8Array): KvOperation[] {
  if (bytes.length === 0) return []
  const reader = new ByteReader(bytes)
  const count = reader.varint()
  const operations: KvOperation[] = []
  for (let i = 0; i < count; i++) {
    const key = fromAscii.decode(reader.take(reader.varint()))
    const type = reader.byte()
    if (type === PUT) operations.push({ type: 'put', key, value: reader.take(reader.varint()).slice() })
    else if (type === DELETE) operations.push({ type: 'delete', key })
    else throw new RangeError(`a flat change of kind ${type}`)
  }
  return operations
}

export function encodeFlushedSeq(seq: number): Uint8Array {
  const out = new Uint8Array(varintLength(seq))
  writeVarint(out, 0, seq)
  return out
}

/** What opening replays: the flat changes of the commits after the last rewrite, oldest first. */
export async function readUnflushedDeltas(
  kv: KeyValueStore,
): Promise<{ flushedSeq: number; commits: number; operations: KvOperation[] }> {
  const flushed = await kv.get(FLAT_FLUSHED_KEY)
  const flushedSeq = flushed ? new ByteReader(flushed).varint() : 0
  const records = await kv.range({ gte: packedNodesKey(flushedSeq + 1), lt: PACKED_NODES_END })
  const operations: KvOperation[] = []
  for (const [key, record] of records) {
    if (seqOfPackedNodesKey(key) <= flushedSeq) continue
    operations.push(...decodeFlatDelta(commitRecordSections(record).extra))
  }
  return { flushedSeq, commits: records.length, operations }
}

/**
 * The flat changes not yet in the flat records, by key (null: deleted), and when to rewrite them.
 * Opening fills it from the replayed records; each commit adds its own.
 */
export class UnflushedFlatState {
  readonly changes = new Map<string, Uint8Array | null>()
  commitsSinceRewrite = 0

  add(operations: readonly KvOperation[]): void {
    for (const op of operations) this.changes.set(op.key, op.type === 'put' ? op.value : null)
  }

  /** Whether a commit with `operations` should rewrite the flat records. */
  rewriteDue(operations: readonly KvOperation[]): boolean {
    return (
      this.commitsSinceRewrite + 1 >= FLAT_REWRITE_EVERY ||
      this.changes.size + operations.length >= FLAT_REWRITE_AT_KEYS
    )
  }

  /** The writes that bring the flat records up to date through commit `seq`, and forgets them. */
  rewrite(seq: number): KvOperation[] {
    const writes: KvOperation[] = []
    for (const [key, value] of this.changes)
      writes.push(value === null ? { type: 'delete', key } : { type: 'put', key, value })
    writes.push({ type: 'put', key: FLAT_FLUSHED_KEY, value: encodeFlushedSeq(seq) })
    this.changes.clear()
    this.commitsSinceRewrite = 0
    return writes
  }
}
