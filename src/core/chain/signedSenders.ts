/**
 * Senders of transactions signed in this process, by transaction hash, so that admitting them
 * does not recover the signer again. Recovery is the dearest step of a wallet's send in the
 * extension (~0.28 ms with libsecp256k1 in WebAssembly, as much as signing itself), and the wallet
 * that signed knows the answer. A hash names the raw bytes, signature included, so any
 * transaction with that hash recovers to the same sender: the memo cannot be told a different one
 * by a page that resends the bytes.
 *
 * Bounded: a signed transaction is usually sent at once, so only the latest few are kept.
 */
import { type Address, bytesToHex } from '../util/hex.js'

const KEPT = 256
const senders = new Map<string, Address>()

/** Records that the transaction with `hash` was signed here by `sender`'s key. */
export function rememberSignedSender(hash: Uint8Array, sender: Address): void {
  const key = bytesToHex(hash)
  senders.delete(key)
  // Lowercase, as recovery gives it: the pool and the state key accounts by that form.
  senders.set(key, sender.toLowerCase() as Address)
  if (senders.size > KEPT) senders.delete(senders.keys().next().value as string)
}

/** The sender of a transaction signed here, if it is among the latest remembered. */
export function signedSender(hash: Uint8Array): Address | undefined {
  return senders.get(bytesToHex(hash))
}
