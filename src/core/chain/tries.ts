/**
 * A block's `transactionsRoot` and `receiptsRoot`, computed as RSKj does (`BlockHashesHelper`):
 * key RLP(index), value the transaction's or receipt's encoding, in RSKj's binary trie
 * (see rskTrie.ts) — not an Ethereum Merkle Patricia trie, whose roots would not match real
 * Rootstock headers.
 */

import { bigintToBytes } from '../util/hex.js'
import { encodeReceipt, type ReceiptFields } from './receipt.js'
import { rlpEncode } from './rlp.js'
import { rskTrieRoot } from './rskTrie.js'
import type { SignedTransaction } from './transaction.js'

/** RSKj `RLP.encodeInt(i)`: the RLP of the index as an unsigned integer (0 → 0x80). */
export function indexKey(index: number): Uint8Array {
  return rlpEncode(bigintToBytes(BigInt(index)))
}

export function orderedRoot(encodedItems: readonly Uint8Array[]): Uint8Array {
  return rskTrieRoot(encodedItems.map((item, index) => [indexKey(index), item] as const))
}

export function transactionsRoot(transactions: readonly Pick<SignedTransaction, 'raw'>[]): Uint8Array {
  return orderedRoot(transactions.map((tx) => tx.raw))
}

export function receiptsRoot(receipts: readonly ReceiptFields[]): Uint8Array {
  return orderedRoot(receipts.map(encodeReceipt))
}
