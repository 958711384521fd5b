/**
 * Impersonated senders (anvil_impersonateAccount, anvil_autoImpersonateAccount): transactions
 * from an account whose key the node does not hold, accepted without a signature.
 *
 * Such a transaction still needs a hash, a raw encoding for the block record and a `v, r, s` on
 * the wire. The rule: the transaction is encoded as a legacy EIP-155 transaction of this chain
 * (`v = 35 + 2·chainId`) whose signature is `r = the sender address as an integer, s = 1`, and its
 * hash is keccak-256 of that encoding. The hash is therefore unique per sender and fields (two
 * senders with the same nonce and payload get different hashes), stable (the same request gives
 * the same hash), and never equal to a real signature's transaction: no real signature has s = 1.
 * The sender is never recovered from a signature: the engine receives it with the transaction,
 * block records store senders, and a pooled impersonated transaction reopened from its stored
 * bytes (manual or interval mining, after a worker stop or a crash) gets it back from `r`
 * (`impersonatedSender`).
 */
import {
  decodeTransaction,
  encodeTransaction,
  type SignedTransaction,
  type TransactionFields,
} from '../../chain/transaction.js'
import type { Address } from '../../util/hex.js'

/** The transaction object for `fields` sent by `sender` without a key (hash rule above). */
export function impersonatedTransaction(
  fields: TransactionFields,
  sender: Address,
  chainId: number,
): SignedTransaction {
  const raw = encodeTransaction({ ...fields, v: 35 + 2 * chainId, r: BigInt(sender), s: 1n })
  return decodeTransaction(raw)
}

/** True for the encoding above (s = 1): no real signature has it, and no sender is recoverable. */
export function isImpersonatedEncoding(tx: SignedTransaction): boolean {
  return tx.signed && tx.s === 1n
}

/** The sender of an impersonated encoding: `r` is its address. Undefined when `r` is no address. */
export function impersonatedSender(tx: SignedTransaction): Address | undefined {
  if (!isImpersonatedEncoding(tx) || tx.r >= 1n << 160n) return undefined
  return `0x${tx.r.toString(16).padStart(40, '0')}` as Address
}
