/**
 * Tries keyed by position (a block's transactions trie and receipts trie): key = RLP(index),
 * value = the item's encoding. Built in memory, never persisted: blocks keep the items themselves.
 */
import { rlpBytes } from './node.js'
import { createProofSync } from './proof.js'
import { MerklePatriciaTrie } from './trie.js'

/** RLP of the index as an unsigned integer: 0 → 0x80, 1..127 → one byte, then length-prefixed. */
export function orderedTrieKey(index: number): Uint8Array {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`invalid trie index ${index}`)
  const bytes: number[] = []
  for (let n = index; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256)
  return rlpBytes(Uint8Array.from(bytes))
}

/** The trie holding `items[i]` under `orderedTrieKey(i)`. */
export function buildOrderedTrie(items: readonly Uint8Array[]): MerklePatriciaTrie {
  const trie = new MerklePatriciaTrie()
  items.forEach((item, index) => {
    trie.putSync(orderedTrieKey(index), item)
  })
  return trie
}

/** Root of the transactions or receipts trie (EMPTY_TRIE_ROOT for none). */
export function orderedTrieRoot(items: readonly Uint8Array[]): Uint8Array {
  return buildOrderedTrie(items).root()
}

/**
 * The nodes on the path to item `index` (root first), what `rsk_getTransactionReceiptNodesByHash`
 * returns for the receipts trie; verify with `verifyProof(root, orderedTrieKey(index), nodes)`.
 */
export function orderedTrieProof(items: readonly Uint8Array[], index: number): Uint8Array[] {
  if (index < 0 || index >= items.length)
    throw new RangeError(`index ${index} is outside 0..${items.length - 1}`)
  return createProofSync(buildOrderedTrie(items), orderedTrieKey(index))
}
