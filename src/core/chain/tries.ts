/**
 * A block's `transactionsRoot` and `receiptsRoot`, computed as RSKj does (`BlockHashesHelper`):
 * key RLP(index), value the transaction's or receipt's encoding, in RSKj's binary trie
 * (see rskTrie.ts) — not an Ethereum Merkle Patricia trie, whose roots would not match real
 * Rootstock headers.
 */

import { bigintToBytes } from '../util/hex.js'
import { encodeReceipt, type ReceiptFields } from './receipt.js'
import { rlpEncode } from './rlp.js'
import { expandKey, rskTrieRootOfDistinctKeys } from './rskTrie.js'
import type { SignedTransaction } from './transaction.js'

/** RSKj `RLP.encodeInt(i)`: the RLP of the index as an unsigned integer (0 → 0x80). */
export function indexKey(index: number): Uint8Array {
  return rlpEncode(bigintToBytes(BigInt(index)))
}

/** Key bits of the first indexes, computed once: every block's two roots use them. */
const indexBits: Uint8Array[] = []

function indexKeyBits(index: number): Uint8Array {
  let bits = indexBits[index]
  if (bits === undefined) {
    bits = expandKey(indexKey(index))
    if (index < 4096) indexBits[index] = bits
  }
  return bits
}

export function orderedRoot(encodedItems: readonly Uint8Array[]): Uint8Array {
  // Index keys are distinct, so the trie needs no deduplication by key.
  return rskTrieRootOfDistinctKeys(encodedItems.map((value, index) => ({ bits: indexKeyBits(index), value })))
}

/** A transaction's value in the trie is its encoding, whose keccak is the transaction's hash. */
export function transactionsRoot(
  transactions: readonly (Pick<SignedTransaction, 'raw'> & { hash?: Uint8Array })[],
): Uint8Array {
  return rskTrieRootOfDistinctKeys(
    transactions.map((tx, index) => ({ bits: indexKeyBits(index), value: tx.raw, valueHash: tx.hash })),
  )
}

export function receiptsRoot(receipts: readonly ReceiptFields[]): Uint8Array {
  return orderedRoot(receipts.map(encodeReceipt))
}
