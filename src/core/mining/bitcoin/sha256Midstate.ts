/**
 * SHA-256 with an exposed chaining state ("midstate"). @noble/hashes does not let callers read
 * or resume the state after a prefix, but merged mining needs both: RSKj stores a coinbase as
 * the state after its first 64·k bytes plus the unhashed tail (`MinerServerImpl.compressCoinbase`),
 * and grinding a Bitcoin header reuses the state after its first 64 bytes for every nonce.
 * FIPS 180-4 §6.2; checked against @noble/hashes in the tests.
 */

const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

/** The initial hash value H(0): the state before any byte is hashed. */
export const SHA256_INITIAL_STATE: Readonly<Uint32Array> = Uint32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])

/** The 64-word message schedule, reused across calls: the miner calls this millions of times. */
const schedule = new Uint32Array(64)

/**
 * Runs the compression function on 16 big-endian message words, updating `state` (8 words) in place.
 * The word form lets the header grinder change only the nonce word between calls.
 */
export function compressWords(state: Uint32Array, words: ArrayLike<number>): void {
  const w = schedule
  for (let t = 0; t < 16; t++) w[t] = words[t] as number
  for (let t = 16; t < 64; t++) {
    const w15 = w[t - 15] as number
    const w2 = w[t - 2] as number
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3)
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10)
    w[t] = ((w[t - 16] as number) + s0 + (w[t - 7] as number) + s1) | 0
  }
  let a = state[0] as number
  let b = state[1] as number
  let c = state[2] as number
  let d = state[3] as number
  let e = state[4] as number
  let f = state[5] as number
  let g = state[6] as number
  let h = state[7] as number
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
    const ch = (e & f) ^ (~e & g)
    const t1 = (h + S1 + ch + (K[t] as number) + (w[t] as number)) | 0
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
    const maj = (a & b) ^ (a & c) ^ (b & c)
    const t2 = (S0 + maj) | 0
    h = g
    g = f
    f = e
    e = (d + t1) | 0
    d = c
    c = b
    b = a
    a = (t1 + t2) | 0
  }
  state[0] = ((state[0] as number) + a) | 0
  state[1] = ((state[1] as number) + b) | 0
  state[2] = ((state[2] as number) + c) | 0
  state[3] = ((state[3] as number) + d) | 0
  state[4] = ((state[4] as number) + e) | 0
  state[5] = ((state[5] as number) + f) | 0
  state[6] = ((state[6] as number) + g) | 0
  state[7] = ((state[7] as number) + h) | 0
}

const blockWords = new Uint32Array(16)

/** Compresses the 64-byte block of `data` starting at `offset` into `state`. */
export function compressBlock(state: Uint32Array, data: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const at = offset + 4 * i
    blockWords[i] =
      ((data[at] as number) << 24) |
      ((data[at + 1] as number) << 16) |
      ((data[at + 2] as number) << 8) |
      (data[at + 3] as number)
  }
  compressWords(state, blockWords)
}

/** The chaining state after some whole 64-byte blocks, with how many bytes it covers. */
export type Sha256Midstate = {
  /** H0..H7 after `byteCount` bytes. */
  state: Uint32Array
  /** Bytes consumed so far; always a multiple of 64. */
  byteCount: number
}

/**
 * Hashes the first `floor(prefixLength / 64) * 64` bytes of `data` and returns the state there.
 * With the default `prefixLength` the whole data is consumed as far as whole blocks go.
 */
export function sha256Midstate(data: Uint8Array, prefixLength = data.length): Sha256Midstate {
  if (prefixLength < 0 || prefixLength > data.length)
    throw new RangeError(`prefix length out of range: ${prefixLength}`)
  const state = Uint32Array.from(SHA256_INITIAL_STATE)
  const byteCount = Math.floor(prefixLength / 64) * 64
  for (let offset = 0; offset < byteCount; offset += 64) compressBlock(state, data, offset)
  return { state, byteCount }
}

/**
 * Finishes a hash started elsewhere: continues from `midstate` over `tail`, then pads with the
 * total message length (`midstate.byteCount + tail.length` bytes) and returns the 32-byte digest.
 */
export function sha256FromMidstate(midstate: Sha256Midstate, tail: Uint8Array): Uint8Array {
  if (midstate.byteCount % 64 !== 0) throw new RangeError('midstate must cover whole 64-byte blocks')
  const state = Uint32Array.from(midstate.state)
  const whole = Math.floor(tail.length / 64) * 64
  for (let offset = 0; offset < whole; offset += 64) compressBlock(state, tail, offset)
  const rest = tail.length - whole
  // Padding: 0x80, zeros, then the message length in bits as a 64-bit big-endian integer.
  const padded = new Uint8Array(rest + 9 > 64 ? 128 : 64)
  padded.set(tail.subarray(whole))
  padded[rest] = 0x80
  const bitLength = (BigInt(midstate.byteCount) + BigInt(tail.length)) * 8n
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Number(bitLength >> 32n))
  view.setUint32(padded.length - 4, Number(bitLength & 0xffffffffn))
  for (let offset = 0; offset < padded.length; offset += 64) compressBlock(state, padded, offset)
  return stateToBytes(state)
}

/** The 8 state words as 32 big-endian bytes (the digest layout, and RSKj's stored midstate layout). */
export function stateToBytes(state: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(32)
  for (let i = 0; i < 8; i++) {
    const word = state[i] as number
    out[4 * i] = word >>> 24
    out[4 * i + 1] = (word >>> 16) & 0xff
    out[4 * i + 2] = (word >>> 8) & 0xff
    out[4 * i + 3] = word & 0xff
  }
  return out
}

/** Inverse of {@link stateToBytes}. */
export function stateFromBytes(bytes: Uint8Array): Uint32Array {
  if (bytes.length !== 32) throw new RangeError(`a SHA-256 state is 32 bytes, got ${bytes.length}`)
  const state = new Uint32Array(8)
  for (let i = 0; i < 8; i++) {
    state[i] =
      (((bytes[4 * i] as number) << 24) |
        ((bytes[4 * i + 1] as number) << 16) |
        ((bytes[4 * i + 2] as number) << 8) |
        (bytes[4 * i + 3] as number)) >>>
      0
  }
  return state
}
