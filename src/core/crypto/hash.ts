/** Hash functions used across the node; one place so the implementation can be swapped. */
import { keccak_256 } from '@noble/hashes/sha3.js'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'

export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data)
}

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data)
}

/** Bitcoin's double SHA-256. */
export function sha256d(data: Uint8Array): Uint8Array {
  return nobleSha256(nobleSha256(data))
}

/** keccak256 of the empty string: the code hash of an account without code. */
export const KECCAK256_EMPTY = keccak_256(new Uint8Array(0))
/** keccak256(RLP('')): the root of an empty Merkle Patricia trie. */
export const EMPTY_TRIE_ROOT = keccak_256(Uint8Array.of(0x80))
/** keccak256(RLP([])): the uncles hash of a block without uncles. */
export const EMPTY_LIST_HASH = keccak_256(Uint8Array.of(0xc0))
