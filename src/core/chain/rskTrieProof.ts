/**
 * The nodes of RSKj's binary trie on the path to one key (`Trie.getNodes`), serialized as RSKj's
 * `Trie.toMessage()`: what `rsk_getTransactionReceiptNodesByHash` returns for the receipts trie.
 * Order as RSKj builds the list: the node holding the key first, the root last. A light client
 * hashes each node and finds that hash (or, for a small terminal node, the node itself embedded)
 * in the next one, up to the header's root.
 */

import { buildRskTrie, expandKey, nodeMessage, type TrieNode } from './rskTrie.js'
import { indexKey } from './tries.js'

export function rskTrieNodes(
  entries: ReadonlyArray<readonly [key: Uint8Array, value: Uint8Array]>,
  key: Uint8Array,
): Uint8Array[] | undefined {
  const root = buildRskTrie(entries)
  if (!root) return undefined
  const bits = expandKey(key)
  const path: TrieNode[] = []
  let node: TrieNode | undefined = root
  let position = 0
  while (node) {
    // The node's shared path must match the key's next bits (RSKj `findNodes`).
    if (position + node.path.length > bits.length) return undefined
    for (let i = 0; i < node.path.length; i++) if (node.path[i] !== bits[position + i]) return undefined
    position += node.path.length
    path.push(node)
    if (position === bits.length) return path.reverse().map(nodeMessage)
    node = bits[position] === 0 ? node.left : node.right
    position++
  }
  return undefined
}

/** Nodes proving item `index` of a block's ordered trie (key RLP(index), as `BlockHashesHelper`). */
export function orderedTrieNodes(
  encodedItems: readonly Uint8Array[],
  index: number,
): Uint8Array[] | undefined {
  return rskTrieNodes(
    encodedItems.map((item, i) => [indexKey(i), item] as const),
    indexKey(index),
  )
}
