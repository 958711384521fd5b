/**
 * keccak256 for trie hashing. Node hashing is most of the cost of a block commit (a branch node
 * is ~530 bytes and a block rehashes a dozen of them), and hash-wasm's WebAssembly keccak runs
 * 5–8× faster than the portable implementation. WebAssembly must be compiled asynchronously, so
 * `initFastKeccak()` is awaited once at start-up (the state's async constructors do it); until it
 * resolves, or where WebAssembly is not allowed (an extension without `wasm-unsafe-eval`), the
 * portable keccak256 of src/core/crypto/hash.ts is used. Both give the same digests.
 */
import { createKeccak, type IHasher } from 'hash-wasm'
import { keccak256 as portableKeccak256 } from '../crypto/hash.js'

let hasher: IHasher | undefined
let initializing: Promise<boolean> | undefined

/** Loads the WebAssembly keccak; resolves to false (and keeps the portable one) when it cannot. */
export function initFastKeccak(): Promise<boolean> {
  initializing ??= createKeccak(256).then(
    (created) => {
      hasher = created
      return true
    },
    () => false,
  )
  return initializing
}

export function isFastKeccakReady(): boolean {
  return hasher !== undefined
}

export function keccak256(data: Uint8Array): Uint8Array {
  if (!hasher) return portableKeccak256(data)
  hasher.init()
  hasher.update(data)
  return hasher.digest('binary')
}
