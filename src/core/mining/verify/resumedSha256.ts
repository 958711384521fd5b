/**
 * SHA-256 resumed from a stored midstate, built on @noble/hashes' own SHA-256 class rather than on
 * the miner's hand-written compression function, so the checker and the miner do not share code.
 * Like BouncyCastle's `SHA256Digest(encodedState)` in RSKj, block boundaries start at the tail and
 * the final length field counts `byteCount + tail.length` bytes.
 */
import { _SHA256 } from '@noble/hashes/sha2.js'

class ResumedSha256 extends _SHA256 {
  constructor(state: Uint32Array, byteCount: number) {
    super()
    this.set(
      state[0] as number,
      state[1] as number,
      state[2] as number,
      state[3] as number,
      state[4] as number,
      state[5] as number,
      state[6] as number,
      state[7] as number,
    )
    this.length = byteCount
  }
}

/** One SHA-256 over (the bytes summarized by `stateBytes`) || `tail`. */
export function sha256Resumed(stateBytes: Uint8Array, byteCount: number, tail: Uint8Array): Uint8Array {
  if (stateBytes.length !== 32) throw new RangeError('a SHA-256 state is 32 bytes')
  const view = new DataView(stateBytes.buffer, stateBytes.byteOffset, 32)
  const state = Uint32Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i))
  return new ResumedSha256(state, byteCount).update(tail).digest()
}
