/**
 * SHA-256 for the merged-mining paths (Bitcoin transaction ids, merkle trees, header hashes,
 * proof checks), which hash a few dozen short messages per block. hash-wasm's WebAssembly SHA-256
 * runs about 5× faster than the portable one on 64–80 byte inputs. Nothing needs it to open the
 * chain, so it loads on the first `loadFastSha256()`: a node starts that once it is ready, and its
 * requests that may mine wait for it (`core/lateLoads.ts`). Until then, or for good where
 * WebAssembly is not allowed, the portable @noble/hashes SHA-256 answers. Both give the same digests.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { createSHA256, type IHasher } from 'hash-wasm'

let wasmSha256: IHasher | undefined
let loading: Promise<boolean> | undefined

/** Loads the WebAssembly SHA-256 once; resolves to false (staying portable) where it cannot. */
export function loadFastSha256(): Promise<boolean> {
  loading ??= createSHA256().then(
    (created) => {
      wasmSha256 = created
      return true
    },
    // No WebAssembly here (e.g. a content security policy without wasm-unsafe-eval): stay portable.
    () => false,
  )
  return loading
}

export function sha256(data: Uint8Array): Uint8Array {
  const hasher = wasmSha256
  if (!hasher) return nobleSha256(data)
  hasher.init()
  hasher.update(data)
  return hasher.digest('binary')
}

/** Bitcoin's double SHA-256. */
export function sha256d(data: Uint8Array): Uint8Array {
  return sha256(sha256(data))
}
