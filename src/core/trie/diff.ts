/**
 * What changed between two roots of a trie, found by walking both and skipping every subtree whose
 * reference (hash or inline encoding) is the same on both sides. Used to move the flat state to an
 * older root (snapshot revert, reorg) at a cost proportional to what differs, not to the state size.
 */
import { EMPTY_TRIE_ROOT } from '../crypto/hash.js'
import { bytesToHex, equalBytes } from '../util/hex.js'
import { concatNibbles } from './nibbles.js'
import { type ChildRef, childReference, decodeNode, type TrieNode } from './node.js'
import type { TrieNodeStore } from './store.js'
import type { TrieRoot } from './trie.js'

export interface TrieDifference {
  /** The full key (for a secure trie: the hashed key). */
  key: Uint8Array
  /** Value under `from`; undefined when absent there. */
  before: Uint8Array | undefined
  /** Value under `to`; undefined when absent there. */
  after: Uint8Array | undefined
  /** Where the trie `after` names lies (`LeafNode.valueAt`). */
  afterAt: number
}

type Entry = [key: Uint8Array, value: Uint8Array, valueAt: number]

async function resolve(store: TrieNodeStore, ref: ChildRef): Promise<TrieNode | undefined> {
  if (ref === undefined || ref.type !== 'hash') return ref
  const { encoded, childAt } = await store.load(ref.hash, ref.at)
  return decodeNode(encoded, ref.hash, ref.at, childAt)
}

function nibblesToKey(nibbles: Uint8Array): Uint8Array {
  if (nibbles.length % 2 !== 0) throw new Error('a trie value sits at an odd nibble path')
  const out = new Uint8Array(nibbles.length / 2)
  for (let i = 0; i < out.length; i++)
    out[i] = ((nibbles[2 * i] as number) << 4) | (nibbles[2 * i + 1] as number)
  return out
}

async function collect(
  store: TrieNodeStore,
  ref: ChildRef,
  prefix: Uint8Array,
  out: Map<string, Entry>,
): Promise<void> {
  const node = await resolve(store, ref)
  if (!node) return
  if (node.type === 'leaf') {
    const key = nibblesToKey(concatNibbles(prefix, node.path))
    out.set(bytesToHex(key), [key, node.value, node.valueAt])
  } else if (node.type === 'extension') {
    await collect(store, node.child, concatNibbles(prefix, node.path), out)
  } else {
    if (node.value) {
      const key = nibblesToKey(prefix)
      out.set(bytesToHex(key), [key, node.value, 0])
    }
    for (let i = 0; i < 16; i++)
      await collect(store, node.children[i], concatNibbles(prefix, Uint8Array.of(i)), out)
  }
}

async function diffRefs(
  store: TrieNodeStore,
  from: ChildRef,
  to: ChildRef,
  prefix: Uint8Array,
  out: TrieDifference[],
): Promise<void> {
  if (equalBytes(childReference(from), childReference(to))) return
  const a = await resolve(store, from)
  const b = await resolve(store, to)
  if (a?.type === 'branch' && b?.type === 'branch') {
    const valueA = a.value
    const valueB = b.value
    if (!(valueA && valueB && equalBytes(valueA, valueB)) && (valueA || valueB)) {
      out.push({ key: nibblesToKey(prefix), before: valueA, after: valueB, afterAt: 0 })
    }
    for (let i = 0; i < 16; i++) {
      await diffRefs(store, a.children[i], b.children[i], concatNibbles(prefix, Uint8Array.of(i)), out)
    }
    return
  }
  if (a?.type === 'extension' && b?.type === 'extension' && equalBytes(a.path, b.path)) {
    await diffRefs(store, a.child, b.child, concatNibbles(prefix, a.path), out)
    return
  }
  // Shapes differ here (a split or a merge): compare the leaves below both sides.
  const before = new Map<string, Entry>()
  const after = new Map<string, Entry>()
  await collect(store, a, prefix, before)
  await collect(store, b, prefix, after)
  for (const [id, [key, value]] of before) {
    const other = after.get(id)
    if (!other || !equalBytes(other[1], value))
      out.push({ key, before: value, after: other?.[1], afterAt: other?.[2] ?? 0 })
  }
  for (const [id, [key, value, valueAt]] of after)
    if (!before.has(id)) out.push({ key, before: undefined, after: value, afterAt: valueAt })
}

/** Every key whose value differs between the trie at `from` and the trie at `to`. */
export async function diffTries(
  store: TrieNodeStore,
  from: TrieRoot,
  to: TrieRoot,
): Promise<TrieDifference[]> {
  const out: TrieDifference[] = []
  await diffRefs(store, rootRef(from), rootRef(to), new Uint8Array(0), out)
  return out
}

/** Every key and value of the trie at `root`. */
export async function listTrie(
  store: TrieNodeStore,
  root: TrieRoot,
): Promise<Array<[Uint8Array, Uint8Array]>> {
  const out = new Map<string, Entry>()
  await collect(store, rootRef(root), new Uint8Array(0), out)
  return [...out.values()].map(([key, value]) => [key, value])
}

function rootRef({ root, at }: TrieRoot): ChildRef {
  return equalBytes(root, EMPTY_TRIE_ROOT) ? undefined : { type: 'hash', hash: root, at }
}
