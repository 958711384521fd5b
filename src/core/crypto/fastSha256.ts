/**
 * SHA-256 for the merged-mining paths (Bitcoin transaction ids, merkle trees, header hashes,
 * proof checks), which hash a few dozen short messages per block. hash-wasm's WebAssembly SHA-256
 * runs about 5× faster than the portable one on 64–80 byte inputs. WebAssembly compiles
 * asynchronously, and its completion arrives as an event-loop task, which a caller that only ever
 * awaits in-process promises (mining block after block) never yields to. So loading starts when
 * this module is imported, and completes during start-up's own awaits; `loadFastSha256()` can be
 * awaited to be sure. Until then, or for good where WebAssembly is not allowed, the portable
 * @noble/hashes SHA-256 answers. Both give the same digests.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { createSHA256, type IHasher } from 'hash-wasm'

let wasmSha256: IHasher | undefined
const loading: Promise<void> = createSHA256().then(
  (created) => {
    wasmSha256 = created
  },
  () => {
    // No WebAssembly here (e.g. a content security policy without wasm-unsafe-eval): stay portable.
  },
)

/** Resolves once the WebAssembly SHA-256 is in use (false where it cannot load). For tests. */
export async function loadFastSha256(): Promise<boolean> {
  await loading
  return wasmSha256 !== undefined
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
