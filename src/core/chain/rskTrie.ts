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
  /** keccak256 of a long value, when its owner knew it (see `Entry.valueHash`). */
  valueHash?: Uint8Array
}

export interface Entry {
  bits: Uint8Array
  value: Uint8Array
  /**
   * keccak256(value), when the caller has it already (a transaction's encoding hashes to its
   * hash): a value longer than 32 bytes is stored by its hash.
   */
  valueHash?: Uint8Array
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
    if (entry.bits.length === end) {
      node.value = entry.value
      if (entry.valueHash) node.valueHash = entry.valueHash
    } else (entry.bits[end] === 0 ? zeros : ones).push(entry)
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
  const value = node.value ?? NO_VALUE
  const longValue = value.length > MAX_INLINE_VALUE
  const { path, left, right } = node
  const leftEmbedded = left !== undefined && isEmbeddable(left)
  const rightEmbedded = right !== undefined && isEmbeddable(right)
  const terminal = !left && !right
  let flags = 0b0100_0000
  if (longValue) flags |= 0b0010_0000
  if (path.length > 0) flags |= 0b0001_0000
  if (left) flags |= 0b0000_1000
  if (right) flags |= 0b0000_0100
  if (leftEmbedded) flags |= 0b0000_0010
  if (rightEmbedded) flags |= 0b0000_0001
  // The message is sized first and written into one buffer: no array of parts, no small pieces.
  const children = terminal ? 0 : childrenSize(node)
  let size = 1 + (path.length > 0 ? sharedPathSize(path.length) : 0)
  if (left) size += leftEmbedded ? 1 + nodeMessage(left).length : 32
  if (right) size += rightEmbedded ? 1 + nodeMessage(right).length : 32
  if (!terminal) size += varIntSize(children)
  size += longValue ? 32 + 3 : value.length
  const out = new Uint8Array(size)
  out[0] = flags
  let at = 1
  if (path.length > 0) at = writeSharedPath(out, at, path)
  if (left) at = writeChild(out, at, left, leftEmbedded)
  if (right) at = writeChild(out, at, right, rightEmbedded)
  if (!terminal) at = writeVarInt(out, at, children)
  if (longValue) {
    out.set(node.valueHash ?? keccak256(value), at)
    out[at + 32] = (value.length >> 16) & 0xff
    out[at + 33] = (value.length >> 8) & 0xff
    out[at + 34] = value.length & 0xff
  } else {
    out.set(value, at)
  }
  node.message = out
  return out
}

const NO_VALUE = new Uint8Array(0)

/** An embedded child as its length and message, any other child as its hash. */
function writeChild(out: Uint8Array, at: number, child: TrieNode, embedded: boolean): number {
  if (embedded) {
    const message = nodeMessage(child)
    out[at] = message.length
    out.set(message, at + 1)
    return at + 1 + message.length
  }
  out.set(nodeHash(child), at)
  return at + 32
}

/** Size of `SharedPathSerializer`'s output for a path of `length` bits. */
function sharedPathSize(length: number): number {
  const prefix = length <= 32 || (length >= 160 && length <= 382) ? 1 : 1 + varIntSize(length)
  return prefix + Math.ceil(length / 8)
}

/** `SharedPathSerializer`: a length prefix in bits, then the bits packed most significant first. */
function writeSharedPath(out: Uint8Array, at: number, bits: Uint8Array): number {
  const length = bits.length
  if (length <= 32) out[at++] = length - 1
  else if (length >= 160 && length <= 382) out[at++] = length - 128
  else {
    out[at++] = 255
    at = writeVarInt(out, at, length)
  }
  // `out` is freshly zeroed, so only the set bits are written.
  for (let i = 0; i < length; i++)
    if (bits[i]) out[at + (i >> 3)] = (out[at + (i >> 3)] as number) | (0x80 >> (i & 7))
  return at + Math.ceil(length / 8)
}

function varIntSize(value: number): number {
  if (value < 0xfd) return 1
  if (value <= 0xffff) return 3
  if (value <= 0xffffffff) return 5
  throw new RangeError('trie too large')
}

/** Bitcoin's CompactSize (bitcoinj `VarInt`), little-endian after the marker byte. */
function writeVarInt(out: Uint8Array, at: number, value: number): number {
  if (value < 0xfd) {
    out[at] = value
    return at + 1
  }
  if (value <= 0xffff) {
    out[at] = 0xfd
    out[at + 1] = value & 0xff
    out[at + 2] = value >> 8
    return at + 3
  }
  if (value > 0xffffffff) throw new RangeError('trie too large')
  out[at] = 0xfe
  out[at + 1] = value & 0xff
  out[at + 2] = (value >> 8) & 0xff
  out[at + 3] = (value >> 16) & 0xff
  out[at + 4] = (value >>> 24) & 0xff
  return at + 5
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
