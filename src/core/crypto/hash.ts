/**
 * Hash functions used across the node; one place so the implementation can be swapped.
 *
 * keccak256 is on every hot path (trie nodes, headers, transaction hashes, addresses).
 * hash-wasm's WebAssembly keccak runs 5–8× faster than the portable one, but WebAssembly compiles
 * asynchronously: `initFastKeccak()` is awaited once at start-up (createNode and the state's async
 * constructors do it). Until it resolves, or where WebAssembly is not allowed (an extension
 * without `wasm-unsafe-eval`), the portable @noble/hashes keccak is used. Both give the same digests.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { createKeccak, type IHasher } from 'hash-wasm'

let fastKeccak: IHasher | undefined
let initializing: Promise<boolean> | undefined

/** Loads the WebAssembly keccak; resolves to false (and keeps the portable one) when it cannot. */
export function initFastKeccak(): Promise<boolean> {
  initializing ??= createKeccak(256).then(
    (created) => {
      fastKeccak = created
      return true
    },
    () => false,
  )
  return initializing
}

export function isFastKeccakReady(): boolean {
  return fastKeccak !== undefined
}

export function keccak256(data: Uint8Array): Uint8Array {
  if (!fastKeccak) return keccak_256(data)
  fastKeccak.init()
  fastKeccak.update(data)
  return fastKeccak.digest('binary')
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
