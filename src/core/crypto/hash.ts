/**
 * Hash functions used across the node; one place so the implementation can be swapped.
 *
 * keccak256 is on every hot path (trie nodes, headers, transaction hashes, addresses).
 * hash-wasm's WebAssembly keccak runs 5–8× faster than the portable one, but it is not needed to
 * open a chain: loading it decodes its embedded binary (~3.7 ms of a cold start in the extension's
 * worker) before compiling it asynchronously. So a node starts it once it is ready, with its other
 * late loads (`core/lateLoads.ts`), and requests that may hash much wait for it; a state commit and
 * the rebuilding of a state from its tries wait for it too. Until it resolves, or where WebAssembly
 * is not allowed (an extension without `wasm-unsafe-eval`), the portable @noble/hashes keccak is
 * used. Both give the same digests.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { createKeccak, type IHasher } from 'hash-wasm'
import { hexToBytes } from '../util/hex.js'

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

// The three constants are written out rather than hashed at import: the portable keccak runs
// interpreted on its first calls (≈0.4 ms each) while the node is starting. hash.test.ts hashes them.
/** keccak256 of the empty string: the code hash of an account without code. */
export const KECCAK256_EMPTY = hexToBytes('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
/** keccak256(RLP('')): the root of an empty Merkle Patricia trie. */
export const EMPTY_TRIE_ROOT = hexToBytes('56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421')
/** keccak256(RLP([])): the uncles hash of a block without uncles. */
export const EMPTY_LIST_HASH = hexToBytes('1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347')
