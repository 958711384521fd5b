/**
 * An independent reader of RSKj's binary-trie node format (RSKIP107, `Trie.fromMessage`), written
 * from the format description rather than from src/core/chain/rskTrie.ts, to check that the nodes
 * `rsk_getTransactionReceiptNodesByHash` returns prove a value under a root.
 */
import { keccak_256 } from '@noble/hashes/sha3.js'

interface ParsedNode {
  pathBits: number[]
  children: Array<{ embedded: Uint8Array } | { hash: Uint8Array } | undefined>
  /** Inline value, or the hash and length of a long one. */
  value: { inline: Uint8Array } | { hash: Uint8Array; length: number }
}

function readVarInt(bytes: Uint8Array, at: number): [number, number] {
  const first = bytes[at]!
  if (first < 0xfd) return [first, 1]
  const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
  let value = 0
  for (let i = size - 1; i >= 0; i--) value = value * 256 + bytes[at + 1 + i]!
  return [value, 1 + size]
}

export function parseNode(message: Uint8Array): ParsedNode {
  const flags = message[0]!
  if ((flags & 0xc0) !== 0x40) throw new Error('not an RSKIP107 node')
  const longValue = (flags & 0x20) !== 0
  const hasPath = (flags & 0x10) !== 0
  const hasChild = [(flags & 0x08) !== 0, (flags & 0x04) !== 0]
  const childEmbedded = [(flags & 0x02) !== 0, (flags & 0x01) !== 0]
  let at = 1
  const pathBits: number[] = []
  if (hasPath) {
    const lead = message[at]!
    let length: number
    if (lead <= 31) {
      length = lead + 1
      at += 1
    } else if (lead >= 32 && lead <= 254) {
      length = lead + 128
      at += 1
    } else {
      const [n, size] = readVarInt(message, at + 1)
      length = n
      at += 1 + size
    }
    for (let i = 0; i < length; i++) pathBits.push((message[at + (i >> 3)]! >> (7 - (i & 7))) & 1)
    at += Math.ceil(length / 8)
  }
  const children: ParsedNode['children'] = []
  for (const side of [0, 1]) {
    if (!hasChild[side]) {
      children.push(undefined)
      continue
    }
    if (childEmbedded[side]) {
      const size = message[at]!
      children.push({ embedded: message.slice(at + 1, at + 1 + size) })
      at += 1 + size
    } else {
      children.push({ hash: message.slice(at, at + 32) })
      at += 32
    }
  }
  if (hasChild[0] || hasChild[1]) at += readVarInt(message, at)[1]
  const value = longValue
    ? {
        hash: message.slice(at, at + 32),
        length: (message[at + 32]! << 16) | (message[at + 33]! << 8) | message[at + 34]!,
      }
    : { inline: message.slice(at) }
  return { pathBits, children, value }
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * True when `nodes` (leaf first, root last) link up to `root` and the leaf holds `value` under
 * `key`: every node is its parent's child (by hash, or embedded as-is), and the bits collected
 * from root to leaf spell the key.
 */
export function verifyRskTrieNodes(
  root: Uint8Array,
  key: Uint8Array,
  value: Uint8Array,
  nodes: Uint8Array[],
): boolean {
  if (nodes.length === 0) return false
  if (!same(keccak_256(nodes[nodes.length - 1]!), root)) return false
  const keyBits: number[] = []
  for (const byte of key) for (let i = 7; i >= 0; i--) keyBits.push((byte >> i) & 1)
  const bits: number[] = []
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = parseNode(nodes[i]!)
    bits.push(...node.pathBits)
    if (i === 0) {
      const v = node.value
      const holds =
        'inline' in v ? same(v.inline, value) : same(v.hash, keccak_256(value)) && v.length === value.length
      return holds && bits.length === keyBits.length && bits.every((b, j) => b === keyBits[j])
    }
    const child = nodes[i - 1]!
    const side = node.children.findIndex(
      (c) => c !== undefined && ('embedded' in c ? same(c.embedded, child) : same(c.hash, keccak_256(child))),
    )
    if (side < 0) return false
    bits.push(side)
  }
  return false
}
