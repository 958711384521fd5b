/**
 * Ethereum's Merkle Patricia trie, built for a node that commits many small blocks.
 *
 * Reads and writes are synchronous over nodes in memory: that is what the chain engine needs for
 * the latest state, and it keeps a block's update free of awaits. A node that is not in memory
 * makes a sync call throw `MissingTrieNodeError`; the async methods (`get`, `put`, `delete`,
 * `createProof`) catch that, load the node through the store's loader and run the operation again,
 * which is safe because operations only swap the root after they succeed. So any historical root
 * can be opened and read asynchronously, and the latest trie, once its paths are warm, runs sync.
 */
import { EMPTY_TRIE_ROOT } from '../crypto/hash.js'
import { equalBytes } from '../util/hex.js'
import { bytesToNibbles, commonPrefixLength, concatNibbles } from './nibbles.js'
import {
  type BranchNode,
  branchNode,
  type ChildRef,
  childLocations,
  decodeNode,
  type ExtensionNode,
  emptyChildren,
  encodeNode,
  extensionNode,
  hashNode,
  isHashReferenced,
  leafNode,
  type TrieNode,
} from './node.js'
import { MissingTrieNodeError, TrieNodeStore } from './store.js'

/**
 * A node to persist: under `trieNodeKey(hash)` when `at` is 0 (the root), else in the commit's
 * packed record (packedNodes.ts); `childAt` says where its hash-referenced children lie.
 */
export interface TrieNodeWrite {
  hash: Uint8Array
  encoded: Uint8Array
  childAt: number[]
  at: number
}

/** A trie's root and where it lies (`NodeMemo.at`: 0 under `t:<hash>`, else a packed record). */
export interface TrieRoot {
  root: Uint8Array
  at: number
}

export interface TrieCommitResult {
  root: Uint8Array
  /** Where the root lies (`NodeMemo.at`): what opens this root again (`rootAt`). */
  rootAt: number
  /** Nodes not persisted before, children before parents, root last. */
  nodes: TrieNodeWrite[]
}

export interface MerklePatriciaTrieParameters {
  /** Root hash to open; the empty trie when omitted. */
  root?: Uint8Array
  /** Where the root lies (`NodeMemo.at`): 0, under `t:<hash>`, when omitted. */
  rootAt?: number
  /** Shared node cache and loader; a private in-memory store when omitted. */
  store?: TrieNodeStore
}

const NO_NIBBLES = new Uint8Array(0)

/** Resolves a reference to its node from memory (throws `MissingTrieNodeError` when absent). */
export function resolveRef(store: TrieNodeStore, ref: ChildRef): TrieNode | undefined {
  if (ref === undefined || ref.type !== 'hash') return ref
  const entry = store.getCached(ref.hash, ref.at)
  if (!entry) throw new MissingTrieNodeError(ref.hash, ref.at)
  return decodeNode(entry.encoded, ref.hash, ref.at, entry.childAt)
}

/** The branch's child `index`, memoized into the branch once loaded. */
export function branchChild(store: TrieNodeStore, branch: BranchNode, index: number): TrieNode | undefined {
  const child = resolveRef(store, branch.children[index])
  branch.children[index] = child
  return child
}

export function extensionChild(store: TrieNodeStore, extension: ExtensionNode): TrieNode | undefined {
  const child = resolveRef(store, extension.child)
  extension.child = child
  return child
}

export async function withNodeLoading<T>(store: TrieNodeStore, operation: () => T): Promise<T> {
  for (;;) {
    try {
      return operation()
    } catch (error) {
      if (!(error instanceof MissingTrieNodeError)) throw error
      await store.load(error.hash, error.at)
    }
  }
}

export class MerklePatriciaTrie {
  readonly store: TrieNodeStore
  private rootRef: ChildRef

  constructor({ root, rootAt = 0, store = new TrieNodeStore() }: MerklePatriciaTrieParameters = {}) {
    this.store = store
    this.rootRef =
      root === undefined || equalBytes(root, EMPTY_TRIE_ROOT)
        ? undefined
        : { type: 'hash', hash: root, at: rootAt }
  }

  /** A trie sharing this one's nodes; updates to either do not affect the other. */
  copy(): MerklePatriciaTrie {
    const copy = new MerklePatriciaTrie({ store: this.store })
    copy.rootRef = this.rootRef
    return copy
  }

  /** The root hash (hashes what changed; writes nothing). */
  root(): Uint8Array {
    const root = this.rootRef
    if (root === undefined) return EMPTY_TRIE_ROOT
    return root.type === 'hash' ? root.hash : hashNode(root)
  }

  /** The root node, loaded if needed (undefined for the empty trie). */
  rootNode(): TrieNode | undefined {
    const node = resolveRef(this.store, this.rootRef)
    this.rootRef = node
    return node
  }

  getSync(key: Uint8Array): Uint8Array | undefined {
    return this.getWithLocationSync(key)?.value
  }

  /** The value under `key` and where the trie it names lies (`LeafNode.valueAt`). */
  getWithLocationSync(key: Uint8Array): { value: Uint8Array; valueAt: number } | undefined {
    const nibbles = bytesToNibbles(key)
    let node = this.rootNode()
    let offset = 0
    while (node) {
      if (node.type === 'leaf') {
        const rest = nibbles.length - offset
        const match = commonPrefixLength(node.path, 0, nibbles, offset)
        return match === node.path.length && match === rest ? node : undefined
      }
      if (node.type === 'extension') {
        const match = commonPrefixLength(node.path, 0, nibbles, offset)
        if (match !== node.path.length) return undefined
        offset += match
        node = extensionChild(this.store, node)
      } else {
        if (offset === nibbles.length) return node.value && { value: node.value, valueAt: 0 }
        node = branchChild(this.store, node, nibbles[offset++] as number)
      }
    }
    return undefined
  }

  /**
   * Sets `key` to `value`; an empty value deletes the key, as in Ethereum. `valueAt`: where the
   * trie the value names lies (an account's storage root), kept with the leaf.
   */
  putSync(key: Uint8Array, value: Uint8Array, valueAt = 0): void {
    if (value.length === 0) {
      this.deleteSync(key)
      return
    }
    this.rootRef = this.insert(this.rootNode(), bytesToNibbles(key), 0, value, valueAt)
  }

  deleteSync(key: Uint8Array): void {
    const root = this.rootNode()
    if (root) this.rootRef = this.remove(root, bytesToNibbles(key), 0)
  }

  get(key: Uint8Array): Promise<Uint8Array | undefined> {
    return withNodeLoading(this.store, () => this.getSync(key))
  }

  getWithLocation(key: Uint8Array): Promise<{ value: Uint8Array; valueAt: number } | undefined> {
    return withNodeLoading(this.store, () => this.getWithLocationSync(key))
  }

  put(key: Uint8Array, value: Uint8Array, valueAt = 0): Promise<void> {
    return withNodeLoading(this.store, () => this.putSync(key, value, valueAt))
  }

  delete(key: Uint8Array): Promise<void> {
    return withNodeLoading(this.store, () => this.deleteSync(key))
  }

  /**
   * Hashes what changed and returns the nodes that are not persisted yet; the caller writes them
   * in its own batch, root included, in the packed record of commit `seq` (every node under its
   * hash when `seq` is 0). They are also added to the store's cache. The root is stored even when
   * it is shorter than 32 bytes, so it can be opened; `rootAt` says where it lies.
   */
  commit(seq = 0): TrieCommitResult {
    const nodes: TrieNodeWrite[] = []
    const root = this.rootRef
    if (root === undefined) return { root: EMPTY_TRIE_ROOT, rootAt: 0, nodes }
    if (root.type === 'hash') return { root: root.hash, rootAt: root.at, nodes }
    this.collectChildren(root, nodes, seq)
    // A stored node that has become the root (a deletion collapsed the nodes above it) stays
    // where it lies: `rootAt` names it.
    this.emit(root, nodes, seq)
    return { root: hashNode(root), rootAt: root.at, nodes }
  }

  private emit(node: TrieNode, out: TrieNodeWrite[], at: number): void {
    if (node.stored) return
    const hash = hashNode(node)
    const encoded = encodeNode(node)
    const childAt = childLocations(node)
    out.push({ hash, encoded, childAt, at })
    this.store.add(hash, encoded, childAt)
    node.stored = true
    node.at = at
  }

  private collectChildren(node: TrieNode, out: TrieNodeWrite[], seq: number): void {
    if (node.stored || node.type === 'leaf') return
    const children = node.type === 'branch' ? node.children : [node.child]
    for (const child of children) {
      if (child === undefined || child.type === 'hash' || child.stored) continue
      this.collectChildren(child, out, seq)
      if (isHashReferenced(child)) this.emit(child, out, seq)
    }
  }

  private insert(
    node: TrieNode | undefined,
    key: Uint8Array,
    offset: number,
    value: Uint8Array,
    valueAt: number,
  ): TrieNode {
    if (!node) return leafNode(key.slice(offset), value, valueAt)
    if (node.type === 'branch') {
      if (offset === key.length) return branchNode(node.children.slice(), value)
      const index = key[offset] as number
      const children = node.children.slice()
      children[index] = this.insert(branchChild(this.store, node, index), key, offset + 1, value, valueAt)
      return branchNode(children, node.value)
    }
    const match = commonPrefixLength(node.path, 0, key, offset)
    if (node.type === 'leaf' && match === node.path.length && match === key.length - offset) {
      // The same value names the same trie: any stored copy of it serves, so the leaf stays.
      return equalBytes(node.value, value) ? node : leafNode(node.path, value, valueAt)
    }
    if (node.type === 'extension' && match === node.path.length) {
      const child = this.insert(extensionChild(this.store, node), key, offset + match, value, valueAt)
      return extensionNode(node.path, child)
    }
    // The paths diverge after `match` nibbles: a branch takes both sides there.
    const children = emptyChildren()
    let branchValue: Uint8Array | undefined
    if (node.type === 'leaf') {
      if (match === node.path.length) branchValue = node.value
      else
        children[node.path[match] as number] = leafNode(node.path.slice(match + 1), node.value, node.valueAt)
    } else {
      const rest = node.path.slice(match + 1)
      children[node.path[match] as number] = rest.length > 0 ? extensionNode(rest, node.child) : node.child
    }
    if (match === key.length - offset) branchValue = value
    else children[key[offset + match] as number] = leafNode(key.slice(offset + match + 1), value, valueAt)
    const branch = branchNode(children, branchValue)
    return match > 0 ? extensionNode(key.slice(offset, offset + match), branch) : branch
  }

  /** Returns `node` itself when the key is absent, so callers can tell nothing changed. */
  private remove(node: TrieNode, key: Uint8Array, offset: number): TrieNode | undefined {
    if (node.type === 'leaf') {
      const match = commonPrefixLength(node.path, 0, key, offset)
      return match === node.path.length && match === key.length - offset ? undefined : node
    }
    if (node.type === 'extension') {
      const match = commonPrefixLength(node.path, 0, key, offset)
      if (match !== node.path.length) return node
      const child = extensionChild(this.store, node)
      if (!child) return node
      const updated = this.remove(child, key, offset + match)
      return updated === child ? node : this.prefixed(node.path, updated)
    }
    if (offset === key.length) {
      return node.value ? this.normalizeBranch(node.children.slice(), undefined) : node
    }
    const index = key[offset] as number
    const child = branchChild(this.store, node, index)
    if (!child) return node
    const updated = this.remove(child, key, offset + 1)
    if (updated === child) return node
    const children = node.children.slice()
    children[index] = updated
    return this.normalizeBranch(children, node.value)
  }

  /** `child` under an extra path prefix, merging paths so no extension points at a non-branch. */
  private prefixed(path: Uint8Array, child: TrieNode | undefined): TrieNode | undefined {
    if (!child) return undefined
    if (child.type === 'leaf') return leafNode(concatNibbles(path, child.path), child.value, child.valueAt)
    if (child.type === 'extension') return extensionNode(concatNibbles(path, child.path), child.child)
    return extensionNode(path, child)
  }

  /** A branch left with one child and no value, or only a value, collapses. */
  private normalizeBranch(children: ChildRef[], value: Uint8Array | undefined): TrieNode | undefined {
    let count = 0
    let last = -1
    for (let i = 0; i < 16; i++) {
      if (children[i] !== undefined) {
        count++
        last = i
      }
    }
    if (count === 0) return value ? leafNode(NO_NIBBLES, value) : undefined
    if (count === 1 && !value) {
      const only = resolveRef(this.store, children[last])
      return this.prefixed(Uint8Array.of(last), only)
    }
    return branchNode(children, value)
  }
}
