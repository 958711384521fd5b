/**
 * How trie nodes lie in storage: the nodes one state commit writes share one record.
 *
 * Every node a commit writes, its tries' roots included, goes into one record, `tn:<12 hex seq>`,
 * numbered by the commit. So that a node found by hash can be read without an index from hash to
 * record, each stored node carries where its children lie: a node's location is 0 (under
 * `t:<hash>`, where previous layouts wrote roots, or every node) or the seq of its packed record,
 * and the trie keeps it in its hash references (`HashRef.at`) as it reads down from a root. A
 * root's location travels with what names the root (a block record, an account's leaf: `TrieRoot`).
 *
 * - a root record (`t:<hash>`): 0x00, varint length, the node's RLP, varint child count, and each
 *   hash-referenced child's location (varint, in the order the node names them);
 * - a record of the previous layout (`t:<hash>`): the node's RLP alone (it starts with 0xc0 or
 *   more), its children all under `t:`;
 * - a packed record (`tn:<seq>`): varint length of its nodes section, the nodes one after
 *   another, each the 32-byte hash, varint length, the RLP, varint child count, and each child's
 *   location as 0 (under `t:`) or `seq - location + 1` (1 for a child in the same record: small
 *   numbers for recent records); then what else the commit keeps with them (the state's flat
 *   changes: state/flatDeltas.ts).
 */

import { equalBytes } from '../util/hex.js'
import { ByteReader, varintLength, writeVarint } from '../util/varint.js'

/** A stored node: its RLP, and where its hash-referenced children lie (all under `t:` if absent). */
export interface TrieNodeEntry {
  encoded: Uint8Array
  childAt: readonly number[] | undefined
}

export interface PackedTrieNode extends TrieNodeEntry {
  hash: Uint8Array
}

export const PACKED_NODES_PREFIX = 'tn:'
/** The end of the packed records' key range (`;` follows `:`). */
export const PACKED_NODES_END = 'tn;'

/** Key of the packed record of commit `seq`: 12 hex digits, so keys sort by seq. */
export function packedNodesKey(seq: number): string {
  return `${PACKED_NODES_PREFIX}${seq.toString(16).padStart(12, '0')}`
}

export function seqOfPackedNodesKey(key: string): number {
  return Number.parseInt(key.slice(PACKED_NODES_PREFIX.length), 16)
}

const ROOT_RECORD = 0x00

/** The value written under `t:<hash>` for a root. */
export function encodeRootRecord(encoded: Uint8Array, childAt: readonly number[]): Uint8Array {
  let size = 1 + varintLength(encoded.length) + encoded.length + varintLength(childAt.length)
  for (const at of childAt) size += varintLength(at)
  const out = new Uint8Array(size)
  out[0] = ROOT_RECORD
  let offset = writeVarint(out, 1, encoded.length)
  out.set(encoded, offset)
  offset = writeVarint(out, offset + encoded.length, childAt.length)
  for (const at of childAt) offset = writeVarint(out, offset, at)
  return out
}

/** A `t:<hash>` value: a root record, or a node of the previous layout (its children under `t:`). */
export function decodeTrieNodeRecord(value: Uint8Array): TrieNodeEntry {
  if (value[0] !== ROOT_RECORD) return { encoded: value, childAt: undefined }
  const reader = new ByteReader(value, 1)
  const encoded = reader.take(reader.varint())
  const count = reader.varint()
  const childAt = new Array<number>(count)
  for (let i = 0; i < count; i++) childAt[i] = reader.varint()
  return { encoded, childAt }
}

/** The nodes section of commit `seq`'s record; every child location is 0 or at most `seq`. */
export function encodePackedNodes(seq: number, nodes: readonly PackedTrieNode[]): Uint8Array {
  let size = 0
  for (const { encoded, childAt } of nodes) {
    size += 32 + varintLength(encoded.length) + encoded.length + varintLength(childAt?.length ?? 0)
    for (const at of childAt ?? []) size += varintLength(at === 0 ? 0 : seq - at + 1)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const { hash, encoded, childAt } of nodes) {
    out.set(hash, offset)
    offset = writeVarint(out, offset + 32, encoded.length)
    out.set(encoded, offset)
    offset = writeVarint(out, offset + encoded.length, childAt?.length ?? 0)
    for (const at of childAt ?? []) {
      if (at > seq) throw new RangeError(`a node of commit ${seq} names a later record, ${at}`)
      offset = writeVarint(out, offset, at === 0 ? 0 : seq - at + 1)
    }
  }
  return out
}

function readPackedNode(reader: ByteReader, seq: number): PackedTrieNode {
  const hash = reader.take(32)
  const encoded = reader.take(reader.varint())
  const count = reader.varint()
  const childAt = new Array<number>(count)
  for (let i = 0; i < count; i++) {
    const code = reader.varint()
    childAt[i] = code === 0 ? 0 : seq - code + 1
  }
  return { hash, encoded, childAt }
}

/** A commit's record: its nodes (`encodePackedNodes`) and the rest it carries (`extra`). */
export function encodeCommitRecord(nodes: Uint8Array, extra: Uint8Array): Uint8Array {
  const out = new Uint8Array(varintLength(nodes.length) + nodes.length + extra.length)
  const offset = writeVarint(out, 0, nodes.length)
  out.set(nodes, offset)
  out.set(extra, offset + nodes.length)
  return out
}

/** The two sections of a commit's record: its nodes, and what follows them. */
export function commitRecordSections(record: Uint8Array): { nodes: Uint8Array; extra: Uint8Array } {
  const reader = new ByteReader(record)
  const nodes = reader.take(reader.varint())
  return { nodes, extra: record.subarray(reader.offset) }
}

/** Every node of the packed record of commit `seq`. */
export function decodePackedNodes(record: Uint8Array, seq: number): PackedTrieNode[] {
  const section = commitRecordSections(record).nodes
  const reader = new ByteReader(section)
  const nodes: PackedTrieNode[] = []
  while (reader.offset < section.length) nodes.push(readPackedNode(reader, seq))
  return nodes
}

/** The node with `hash` in the packed record of commit `seq`, reading no other node whole. */
export function findPackedNode(record: Uint8Array, seq: number, hash: Uint8Array): TrieNodeEntry | undefined {
  const section = commitRecordSections(record).nodes
  const reader = new ByteReader(section)
  while (reader.offset < section.length) {
    if (equalBytes(section.subarray(reader.offset, reader.offset + 32), hash))
      return readPackedNode(reader, seq)
    reader.offset += 32
    // Read before adding: `offset += varint()` would add to the offset from before the number.
    const length = reader.varint()
    reader.offset += length
    const count = reader.varint()
    for (let i = 0; i < count; i++) reader.varint()
  }
  return undefined
}
