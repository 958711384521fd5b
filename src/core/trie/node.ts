/**
 * Trie nodes in memory and their Ethereum RLP encoding.
 *
 * Nodes are treated as immutable values: an update builds new nodes along the path and shares
 * the rest, so an old root stays valid for as long as someone holds it. Three fields are memos
 * that never change a node's meaning: `encoded`/`hash` (computed once), `stored` (the node is in
 * storage, so a commit need not emit it again) and `at` (where: packedNodes.ts). A child that has
 * not been read yet is a `HashRef` carrying where it lies; reading it replaces the ref in the
 * parent by the decoded node (same hash).
 */
import { decode, type NestedUint8Array } from '@ethereumjs/rlp'
import { keccak256 } from './keccak.js'
import { hexPrefixDecode, hexPrefixEncode } from './nibbles.js'

interface NodeMemo {
  /** RLP of the node, cached after the first encoding. */
  encoded: Uint8Array | undefined
  /** keccak256 of `encoded`, cached after the first use. */
  hash: Uint8Array | undefined
  /** True once the node can be read back (loaded from, or emitted to, storage). */
  stored: boolean
  /** Where it is stored, once `stored`: 0 under `t:<hash>`, else its packed record's seq. */
  at: number
}

export interface LeafNode extends NodeMemo {
  readonly type: 'leaf'
  readonly path: Uint8Array
  readonly value: Uint8Array
  /**
   * Where the trie its value names lies, as `at`: an account's storage root, written in a packed
   * record like every other node, so the account trie's leaf says which (0: under `t:`, or none).
   */
  readonly valueAt: number
}

export interface ExtensionNode extends NodeMemo {
  readonly type: 'extension'
  readonly path: Uint8Array
  child: ChildRef
}

export interface BranchNode extends NodeMemo {
  readonly type: 'branch'
  /** 16 slots; entries are replaced only when a `HashRef` is resolved to its node. */
  readonly children: ChildRef[]
  readonly value: Uint8Array | undefined
}

/** A node known only by hash until it is loaded, and where it lies (as `NodeMemo.at`). */
export interface HashRef {
  readonly type: 'hash'
  readonly hash: Uint8Array
  at: number
}

export type TrieNode = LeafNode | ExtensionNode | BranchNode
export type ChildRef = TrieNode | HashRef | undefined

// Every node is created with all its fields, in one order, so the JIT sees three stable object
// shapes; memo fields added later would multiply shapes and make the hot loops megamorphic.

export function leafNode(path: Uint8Array, value: Uint8Array, valueAt = 0): LeafNode {
  return { type: 'leaf', path, value, valueAt, encoded: undefined, hash: undefined, stored: false, at: 0 }
}

export function extensionNode(path: Uint8Array, child: ChildRef): ExtensionNode {
  return { type: 'extension', path, child, encoded: undefined, hash: undefined, stored: false, at: 0 }
}

export function branchNode(children: ChildRef[], value: Uint8Array | undefined): BranchNode {
  return { type: 'branch', children, value, encoded: undefined, hash: undefined, stored: false, at: 0 }
}

export function emptyChildren(): ChildRef[] {
  return new Array<ChildRef>(16).fill(undefined)
}

// --- RLP encoding, written out so that already-encoded children are spliced in without copying
// them through a generic encoder.

const EMPTY_STRING = Uint8Array.of(0x80)

function lengthPrefix(offset: number, length: number): Uint8Array {
  if (length < 56) return Uint8Array.of(offset + length)
  const lenBytes: number[] = []
  for (let l = length; l > 0; l = Math.floor(l / 256)) lenBytes.unshift(l % 256)
  return Uint8Array.of(offset + 55 + lenBytes.length, ...lenBytes)
}

/** RLP of a byte string. */
export function rlpBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 1 && (bytes[0] as number) < 0x80) return bytes
  const prefix = lengthPrefix(0x80, bytes.length)
  const out = new Uint8Array(prefix.length + bytes.length)
  out.set(prefix)
  out.set(bytes, prefix.length)
  return out
}

/** RLP of a list whose items are already RLP-encoded. */
export function rlpList(items: Uint8Array[]): Uint8Array {
  let len = 0
  for (const item of items) len += item.length
  const prefix = lengthPrefix(0xc0, len)
  const out = new Uint8Array(prefix.length + len)
  out.set(prefix)
  let off = prefix.length
  for (const item of items) {
    out.set(item, off)
    off += item.length
  }
  return out
}

/** The RLP item a parent holds for `child`: the child inline when its encoding is under 32 bytes. */
export function childReference(child: ChildRef): Uint8Array {
  if (child === undefined) return EMPTY_STRING
  if (child.type === 'hash') return rlpBytes(child.hash)
  const encoded = encodeNode(child)
  return encoded.length < 32 ? encoded : rlpBytes(hashNode(child))
}

export function encodeNode(node: TrieNode): Uint8Array {
  if (node.encoded) return node.encoded
  let encoded: Uint8Array
  if (node.type === 'leaf') {
    encoded = encodeLeaf(rlpBytes(hexPrefixEncode(node.path, true)), node.value)
  } else if (node.type === 'extension') {
    encoded = rlpList([rlpBytes(hexPrefixEncode(node.path, false)), childReference(node.child)])
  } else {
    encoded = encodeBranch(node)
  }
  node.encoded = encoded
  return encoded
}

/**
 * `rlpList([pathItem, rlpBytes(value)])` written into one buffer: account values (~70–110 bytes)
 * would otherwise take an intermediate copy, an allocation outside the JS heap.
 */
function encodeLeaf(pathItem: Uint8Array, value: Uint8Array): Uint8Array {
  const single = value.length === 1 && (value[0] as number) < 0x80
  const valuePrefix = single ? undefined : lengthPrefix(0x80, value.length)
  const payload = pathItem.length + (valuePrefix?.length ?? 0) + value.length
  const prefix = lengthPrefix(0xc0, payload)
  const out = new Uint8Array(prefix.length + payload)
  out.set(prefix)
  let offset = prefix.length
  out.set(pathItem, offset)
  offset += pathItem.length
  if (valuePrefix) {
    out.set(valuePrefix, offset)
    offset += valuePrefix.length
  }
  out.set(value, offset)
  return out
}

/**
 * Branches are most of what a commit encodes, so they are written in one pass into one buffer
 * instead of through per-child temporary arrays.
 */
function encodeBranch(node: BranchNode): Uint8Array {
  // Per child: a 32-byte hash (written as 0xa0 + hash), an inline encoding, or nothing (0x80).
  const parts: Array<Uint8Array | undefined> = new Array(16)
  const hashed: boolean[] = new Array(16)
  let payload = 0
  for (let i = 0; i < 16; i++) {
    const child = node.children[i]
    if (child === undefined) {
      parts[i] = undefined
      hashed[i] = false
      payload += 1
    } else if (child.type === 'hash') {
      parts[i] = child.hash
      hashed[i] = true
      payload += 33
    } else {
      const childEncoded = encodeNode(child)
      const inline = childEncoded.length < 32
      parts[i] = inline ? childEncoded : hashNode(child)
      hashed[i] = !inline
      payload += inline ? childEncoded.length : 33
    }
  }
  const value = node.value ? rlpBytes(node.value) : EMPTY_STRING
  payload += value.length
  const prefix = lengthPrefix(0xc0, payload)
  const out = new Uint8Array(prefix.length + payload)
  out.set(prefix)
  let offset = prefix.length
  for (let i = 0; i < 16; i++) {
    const part = parts[i]
    if (part === undefined) {
      out[offset++] = 0x80
    } else if (hashed[i]) {
      out[offset++] = 0xa0
      out.set(part, offset)
      offset += 32
    } else {
      out.set(part, offset)
      offset += part.length
    }
  }
  out.set(value, offset)
  return out
}

export function hashNode(node: TrieNode): Uint8Array {
  if (!node.hash) node.hash = keccak256(encodeNode(node))
  return node.hash
}

/** True when a parent refers to this node by hash rather than embedding it. */
export function isHashReferenced(node: TrieNode): boolean {
  return encodeNode(node).length >= 32
}

// --- decoding

export class InvalidTrieNodeError extends Error {
  static code = -32603
  override name = 'InvalidTrieNodeError'
}

function decodeChild(raw: Uint8Array | NestedUint8Array): ChildRef {
  if (Array.isArray(raw)) return decodeRawNode(raw)
  if (raw.length === 0) return undefined
  if (raw.length === 32) return { type: 'hash', hash: raw, at: 0 }
  throw new InvalidTrieNodeError(`invalid child reference of ${raw.length} bytes`)
}

/** `valueAt`: where the trie a leaf's value names lies (a stored node's first child location). */
function decodeRawNode(raw: NestedUint8Array, valueAt = 0): TrieNode {
  if (raw.length === 17) {
    const children = raw.slice(0, 16).map(decodeChild)
    const value = raw[16]
    if (Array.isArray(value) || value === undefined) throw new InvalidTrieNodeError('branch value is a list')
    return branchNode(children, value.length > 0 ? value : undefined)
  }
  if (raw.length === 2) {
    const [pathRaw, second] = raw
    if (!(pathRaw instanceof Uint8Array) || second === undefined) {
      throw new InvalidTrieNodeError('node path is a list')
    }
    const { path, isLeaf } = hexPrefixDecode(pathRaw)
    if (isLeaf) {
      if (Array.isArray(second)) throw new InvalidTrieNodeError('leaf value is a list')
      return leafNode(path, second, valueAt)
    }
    return extensionNode(path, decodeChild(second))
  }
  throw new InvalidTrieNodeError(`a trie node has 2 or 17 items, got ${raw.length}`)
}

/**
 * Decodes a stored node; `hash` (when known) is kept so it is never recomputed. `at` is where it
 * was found and `childAt` where its hash-referenced children lie, in order (all under `t:` when
 * absent, as in the previous layout); a leaf's one location is its value's (`LeafNode.valueAt`).
 */
export function decodeNode(
  encoded: Uint8Array,
  hash?: Uint8Array,
  at = 0,
  childAt?: readonly number[],
): TrieNode {
  const raw = decode(encoded)
  if (!Array.isArray(raw)) throw new InvalidTrieNodeError('a trie node is an RLP list')
  const node = decodeRawNode(raw, childAt?.[0] ?? 0)
  node.encoded = encoded
  if (hash) {
    node.hash = hash
    node.stored = true
    node.at = at
  }
  if (childAt) {
    let i = 0
    const place = (child: ChildRef) => {
      if (child?.type !== 'hash') return
      if (i >= childAt.length)
        throw new InvalidTrieNodeError('a stored node names fewer child locations than children')
      child.at = childAt[i++] as number
    }
    if (node.type === 'branch') for (const child of node.children) place(child)
    else if (node.type === 'extension') place(node.child)
  }
  return node
}

/**
 * Where each hash-referenced child of `node` lies, in the order `decodeNode` reads them; for a
 * leaf, where its value's trie lies, when it says.
 */
export function childLocations(node: TrieNode): number[] {
  if (node.type === 'leaf') return node.valueAt === 0 ? [] : [node.valueAt]
  const out: number[] = []
  const add = (child: ChildRef) => {
    if (child === undefined) return
    if (child.type === 'hash') out.push(child.at)
    else if (isHashReferenced(child)) {
      if (!child.stored) throw new Error('a child is emitted before its parent')
      out.push(child.at)
    }
  }
  if (node.type === 'branch') for (const child of node.children) add(child)
  else if (node.type === 'extension') add(node.child)
  return out
}
