/** Bitcoin's HASH160 (RIPEMD-160 of SHA-256) and HASH256, the digests addresses and scripts commit to. */
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '../crypto/fastSha256'

export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes))
}

/** SHA-256 of a witness script: what a P2WSH output commits to. */
export function witnessScriptHash(script: Uint8Array): Uint8Array {
  return sha256(script)
}
