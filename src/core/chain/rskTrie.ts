/**
 * Root of RSKj's binary trie (the "Unitrie", RSKIP107 node format, `co/rsk/trie/Trie.java`) for a
 * fixed set of key/value pairs. RSKj computes a block's `transactionsRoot` and `receiptsRoot`
 * with this trie (`BlockHashesHelper`: key RLP(index), value the encoding), not with Ethereum's
 * Merkle Patricia trie, so the roots in real Rootstock headers are only reproducible this way.
 *
 * Only what a root needs: the trie is built at once from the sorted keys (a binary radix trie is
 * canonical for its key set), serialized bottom-up and hashed. No storage, no deletes.
 */
import { EMPTY_TRIE_ROOT, keccak256 } from '../crypto/hash.js'

export interface TrieNode {
  /** Bits (0/1) of the shared path, most significant bit of each key byte first. */
  path: Uint8Array
  value: Uint8Array | undefined
  left: TrieNode | undefined
  right: TrieNode | undefined
  message?: Uint8Array
  hash?: Uint8Array
  childrenSize?: number
}

export interface Entry {
  bits: Uint8Array
  value: Uint8Array
}

/** RSKIP107 limit: terminal nodes this small are embedded in their parent instead of hashed. */
const MAX_EMBEDDED_NODE_SIZE = 44
/** Values longer than this are stored by hash + 3-byte length. */
const MAX_INLINE_VALUE = 32

export function rskTrieRoot(
  entries: ReadonlyArray<readonly [key: Uint8Array, value: Uint8Array]>,
): Uint8Array {
  // RSKj treats an empty value as "no key" (put with empty = delete).
  const live = entries.filter(([, value]) => value.length > 0)
  if (live.length === 0) return EMPTY_TRIE_ROOT.slice()
  const byKey = new Map<string, Entry>()
  for (const [key, value] of live) byKey.set(key.join(','), { bits: expandKey(key), value })
  const sorted = [...byKey.values()].sort((a, b) => compareBits(a.bits, b.bits))
  return nodeHash(build(sorted, 0))
}

/**
 * The root for entries whose keys are already expanded to bits (see `expandKey`) and distinct, as
 * a block's index keys are: the same trie as `rskTrieRoot` without its key deduplication.
 */
export function rskTrieRootOfDistinctKeys(entries: ReadonlyArray<Entry>): Uint8Array {
  const live = entries.filter((entry) => entry.value.length > 0)
  if (live.length === 0) return EMPTY_TRIE_ROOT.slice()
  if (live.length > 1) live.sort((a, b) => compareBits(a.bits, b.bits))
  return nodeHash(build(live, 0))
}

/**
 * RSKIP107 `childrenSize` of the root (the serialized size of everything below it); exposed so
 * tests can check the trie's shape against RSKj's own `TrieTreeSizeTest` figures.
 */
export function rskTrieChildrenSize(
  entries: ReadonlyArray<readonly [key: Uint8Array, value: Uint8Array]>,
): number {
  const sorted = entries
    .filter(([, value]) => value.length > 0)
    .map(([key, value]) => ({ bits: expandKey(key), value }))
    .sort((a, b) => compareBits(a.bits, b.bits))
  return sorted.length === 0 ? 0 : childrenSize(build(sorted, 0))
}

export function expandKey(key: Uint8Array): Uint8Array {
  const bits = new Uint8Array(key.length * 8)
  for (let i = 0; i < bits.length; i++) bits[i] = ((key[i >> 3] as number) >> (7 - (i & 7))) & 1
  return bits
}

function compareBits(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number)
  return a.length - b.length
}

/** Builds the node for `entries` (sorted, all sharing bits before `from`). */
function build(entries: Entry[], from: number): TrieNode {
  const first = entries[0] as Entry
  const last = entries[entries.length - 1] as Entry
  // Sorted order makes the common prefix of all keys the common prefix of the first and last.
  let end = from
  while (end < first.bits.length && end < last.bits.length && first.bits[end] === last.bits[end]) end++
  if (entries.length === 1) end = first.bits.length
  const node: TrieNode = {
    path: first.bits.slice(from, end),
    value: undefined,
    left: undefined,
    right: undefined,
  }
  const zeros: Entry[] = []
  const ones: Entry[] = []
  for (const entry of entries) {
    if (entry.bits.length === end) node.value = entry.value
    else (entry.bits[end] === 0 ? zeros : ones).push(entry)
  }
  if (zeros.length > 0) node.left = build(zeros, end + 1)
  if (ones.length > 0) node.right = build(ones, end + 1)
  return node
}

function isTerminal(node: TrieNode): boolean {
  return !node.left && !node.right
}

function isEmbeddable(node: TrieNode): boolean {
  return isTerminal(node) && nodeMessage(node).length <= MAX_EMBEDDED_NODE_SIZE
}

function nodeHash(node: TrieNode): Uint8Array {
  node.hash ??= keccak256(nodeMessage(node))
  return node.hash
}

/** `NodeReference.referenceSize`: the subtree's serialized size as RSKIP107 counts it. */
function referenceSize(node: TrieNode | undefined): number {
  if (!node) return 0
  const longValue = node.value && node.value.length > MAX_INLINE_VALUE ? node.value.length : 0
  return childrenSize(node) + longValue + nodeMessage(node).length
}

function childrenSize(node: TrieNode): number {
  node.childrenSize ??= isTerminal(node) ? 0 : referenceSize(node.left) + referenceSize(node.right)
  return node.childrenSize
}

/** `Trie.internalToMessage` (serialization version 01). */
export function nodeMessage(node: TrieNode): Uint8Array {
  if (node.message) return node.message
  const value = node.value ?? new Uint8Array(0)
  const longValue = value.length > MAX_INLINE_VALUE
  let flags = 0b0100_0000
  if (longValue) flags |= 0b0010_0000
  if (node.path.length > 0) flags |= 0b0001_0000
  if (node.left) flags |= 0b0000_1000
  if (node.right) flags |= 0b0000_0100
  if (node.left && isEmbeddable(node.left)) flags |= 0b0000_0010
  if (node.right && isEmbeddable(node.right)) flags |= 0b0000_0001
  const parts: Uint8Array[] = [Uint8Array.of(flags)]
  if (node.path.length > 0) parts.push(sharedPathBytes(node.path))
  for (const child of [node.left, node.right]) {
    if (!child) continue
    if (isEmbeddable(child)) {
      const message = nodeMessage(child)
      parts.push(Uint8Array.of(message.length), message)
    } else {
      parts.push(nodeHash(child))
    }
  }
  if (!isTerminal(node)) parts.push(varInt(childrenSize(node)))
  if (longValue) {
    parts.push(
      keccak256(value),
      Uint8Array.of((value.length >> 16) & 0xff, (value.length >> 8) & 0xff, value.length & 0xff),
    )
  } else {
    parts.push(value)
  }
  node.message = concat(parts)
  return node.message
}

/** `SharedPathSerializer`: a length prefix in bits, then the bits packed most significant first. */
function sharedPathBytes(bits: Uint8Array): Uint8Array {
  const length = bits.length
  const prefix =
    length <= 32
      ? Uint8Array.of(length - 1)
      : length >= 160 && length <= 382
        ? Uint8Array.of(length - 128)
        : concat([Uint8Array.of(255), varInt(length)])
  const packed = new Uint8Array(Math.ceil(length / 8))
  for (let i = 0; i < length; i++)
    if (bits[i]) packed[i >> 3] = (packed[i >> 3] as number) | (0x80 >> (i & 7))
  return concat([prefix, packed])
}

/** Bitcoin's CompactSize (bitcoinj `VarInt`), little-endian after the marker byte. */
function varInt(value: number): Uint8Array {
  if (value < 0xfd) return Uint8Array.of(value)
  if (value <= 0xffff) return Uint8Array.of(0xfd, value & 0xff, value >> 8)
  if (value <= 0xffffffff) {
    return Uint8Array.of(0xfe, value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff)
  }
  throw new RangeError('trie too large')
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * The whole trie for `entries` (its root node, or `undefined` when empty), for the proof helpers
 * of rskTrieProof.ts: the same construction `rskTrieRoot` hashes.
 */
export function buildRskTrie(
  entries: ReadonlyArray<readonly [key: Uint8Array, value: Uint8Array]>,
): TrieNode | undefined {
  const byKey = new Map<string, Entry>()
  for (const [key, value] of entries)
    if (value.length > 0) byKey.set(key.join(','), { bits: expandKey(key), value })
  const sorted = [...byKey.values()].sort((a, b) => compareBits(a.bits, b.bits))
  return sorted.length === 0 ? undefined : build(sorted, 0)
}
