/**
 * Storage keys of the world state. Trie nodes use `trieNodeKey()` (`t:`, roots) and
 * `packedNodesKey()` (`tn:`, the other nodes of a commit: trie/packedNodes.ts); the rest is the flat
 * state (the latest accounts and slots, read at start-up by range scans), code by hash, and key
 * preimages (a secure trie only knows keccak(address) / keccak(slot); moving the flat state to
 * another root needs the originals back).
 */
import type { Address } from '../util/hex.js'
import { bytesToUnprefixedHex } from '../util/hex.js'

export const FLAT_ACCOUNT_PREFIX = 'sa:'
export const FLAT_STORAGE_PREFIX = 'ss:'
export const CODE_PREFIX = 'sc:'
export const PREIMAGE_PREFIX = 'sk:'
/** The state root the flat records describe; written in the same batch as they are. */
export const FLAT_ROOT_KEY = 'sr'

/** The exclusive upper bound of a prefix scan (':' + 1 is ';'). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
}

export function flatAccountKey(address: Address): string {
  return FLAT_ACCOUNT_PREFIX + address.slice(2)
}

export function flatStoragePrefix(address: Address): string {
  return `${FLAT_STORAGE_PREFIX}${address.slice(2)}:`
}

export function flatStorageKey(address: Address, slot: bigint): string {
  return flatStoragePrefix(address) + slot.toString(16).padStart(64, '0')
}

export function codeKey(codeHash: Uint8Array): string {
  return CODE_PREFIX + bytesToUnprefixedHex(codeHash)
}

export function preimageKey(hashedKey: Uint8Array): string {
  return PREIMAGE_PREFIX + bytesToUnprefixedHex(hashedKey)
}
