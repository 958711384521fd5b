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
import { bytesToUnprefixedHex, hexToBytes } from '../util/hex.js'
import { ByteReader, varintLength, writeVarint } from '../util/varint.js'

/** Commits between two rewrites of the flat records: at most this many records replayed at start. */
export const FLAT_REWRITE_EVERY = 64
/** …or sooner, once this many flat keys wait (a genesis, a large deployment). */
export const FLAT_REWRITE_AT_KEYS = 512
/** The number of the last commit whose flat changes the flat records include. */
export const FLAT_FLUSHED_KEY = 'sf'

// Each change: its kind, then its key, then (a put) its value as varint length and bytes. An
// account's or a slot's key is written as its bytes (20, or 20 and 32: 21 and 53 bytes where the
// text is 43 and 108); any other key as text.
const ACCOUNT_DELETE = 0
const ACCOUNT_PUT = 1
const SLOT_DELETE = 2
const SLOT_PUT = 3
const TEXT_DELETE = 4
const TEXT_PUT = 5
const ACCOUNT_KEY = /^sa:[0-9a-f]{40}$/
const SLOT_KEY = /^ss:[0-9a-f]{40}:[0-9a-f]{64}$/
const ascii = new TextEncoder()
const fromAscii = new TextDecoder()

/** The kind and the key's bytes of one change. */
function encodedKey(op: KvOperation): [number, Uint8Array] {
  const put = op.type === 'put' ? 1 : 0
  if (ACCOUNT_KEY.test(op.key)) return [ACCOUNT_DELETE + put, hexToBytes(op.key.slice(3))]
  if (SLOT_KEY.test(op.key)) return [SLOT_DELETE + put, hexToBytes(op.key.slice(3, 43) + op.key.slice(44))]
  const text = ascii.encode(op.key)
  const out = new Uint8Array(varintLength(text.length) + text.length)
  out.set(text, writeVarint(out, 0, text.length))
  return [TEXT_DELETE + put, out]
}

/** A commit's flat changes as the bytes its record carries after its nodes. */
export function encodeFlatDelta(operations: readonly KvOperation[]): Uint8Array {
  const keys = operations.map(encodedKey)
  let size = varintLength(operations.length)
  operations.forEach((op, i) => {
    size += 1 + (keys[i]?.[1].length ?? 0)
    if (op.type === 'put') size += varintLength(op.value.length) + op.value.length
  })
  const out = new Uint8Array(size)
  let offset = writeVarint(out, 0, operations.length)
  operations.forEach((op, i) => {
    const [kind, key] = keys[i] as [number, Uint8Array]
    out[offset++] = kind
    out.set(key, offset)
    offset += key.length
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
    const kind = reader.byte()
    let key: string
    if (kind === ACCOUNT_DELETE || kind === ACCOUNT_PUT) key = `sa:${bytesToUnprefixedHex(reader.take(20))}`
    else if (kind === SLOT_DELETE || kind === SLOT_PUT)
      key = `ss:${bytesToUnprefixedHex(reader.take(20))}:${bytesToUnprefixedHex(reader.take(32))}`
    else if (kind === TEXT_DELETE || kind === TEXT_PUT) key = fromAscii.decode(reader.take(reader.varint()))
    else throw new RangeError(`a flat change of kind ${kind}`)
    if (kind % 2 === 1) operations.push({ type: 'put', key, value: reader.take(reader.varint()).slice() })
    else operations.push({ type: 'delete', key })
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

  /** A commit's changes carried in its record: the bytes it carries after its nodes. */
  carry(operations: readonly KvOperation[]): Uint8Array {
    this.add(operations)
    this.commitsSinceRewrite++
    return encodeFlatDelta(operations)
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
