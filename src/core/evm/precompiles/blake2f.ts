/**
 * 0x09 blake2f (RSKIP153 / EIP-152): the BLAKE2b compression function F with a caller-chosen
 * number of rounds. Gas is the round count; malformed input costs 0 and fails, as in RSKj.
 * Written here because hash libraries do not expose F with a variable round count.
 */
import type { Precompile } from '../types.js'

const INPUT_LENGTH = 213
const MASK64 = (1n << 64n) - 1n

const IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
]

const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
] as const

function rotr(x: bigint, n: bigint): bigint {
  return ((x >> n) | (x << (64n - n))) & MASK64
}

function mix(v: bigint[], a: number, b: number, c: number, d: number, x: bigint, y: bigint): void {
  v[a] = (v[a]! + v[b]! + x) & MASK64
  v[d] = rotr(v[d]! ^ v[a]!, 32n)
  v[c] = (v[c]! + v[d]!) & MASK64
  v[b] = rotr(v[b]! ^ v[c]!, 24n)
  v[a] = (v[a]! + v[b]! + y) & MASK64
  v[d] = rotr(v[d]! ^ v[a]!, 16n)
  v[c] = (v[c]! + v[d]!) & MASK64
  v[b] = rotr(v[b]! ^ v[c]!, 63n)
}

/** The F function over the state `h` (8 words), message `m` (16 words) and counters `t0`, `t1`. */
export function blake2bCompress(
  rounds: number,
  h: bigint[],
  m: bigint[],
  t0: bigint,
  t1: bigint,
  last: boolean,
) {
  const v = [...h, ...IV]
  v[12] = v[12]! ^ t0
  v[13] = v[13]! ^ t1
  if (last) v[14] = v[14]! ^ MASK64
  for (let round = 0; round < rounds; round++) {
    const s = SIGMA[round % 10]!
    mix(v, 0, 4, 8, 12, m[s[0]]!, m[s[1]]!)
    mix(v, 1, 5, 9, 13, m[s[2]]!, m[s[3]]!)
    mix(v, 2, 6, 10, 14, m[s[4]]!, m[s[5]]!)
    mix(v, 3, 7, 11, 15, m[s[6]]!, m[s[7]]!)
    mix(v, 0, 5, 10, 15, m[s[8]]!, m[s[9]]!)
    mix(v, 1, 6, 11, 12, m[s[10]]!, m[s[11]]!)
    mix(v, 2, 7, 8, 13, m[s[12]]!, m[s[13]]!)
    mix(v, 3, 4, 9, 14, m[s[14]]!, m[s[15]]!)
  }
  for (let i = 0; i < 8; i++) h[i] = h[i]! ^ v[i]! ^ v[i + 8]!
}

export const blake2f: Precompile = {
  gas(input) {
    if (input.length !== INPUT_LENGTH) return 0n
    return BigInt(new DataView(input.buffer, input.byteOffset, 4).getUint32(0))
  },
  run(input) {
    if (input.length !== INPUT_LENGTH) {
      throw new Error('input length for BLAKE2 F precompile should be exactly 213 bytes')
    }
    const flag = input[212]
    if (flag !== 0 && flag !== 1) throw new Error('incorrect final block indicator flag')
    const view = new DataView(input.buffer, input.byteOffset, input.length)
    const rounds = view.getUint32(0)
    const h = Array.from({ length: 8 }, (_, i) => view.getBigUint64(4 + 8 * i, true))
    const m = Array.from({ length: 16 }, (_, i) => view.getBigUint64(68 + 8 * i, true))
    const t0 = view.getBigUint64(196, true)
    const t1 = view.getBigUint64(204, true)
    blake2bCompress(rounds, h, m, t0, t1, flag === 1)
    const out = new Uint8Array(64)
    const outView = new DataView(out.buffer)
    for (let i = 0; i < 8; i++) outView.setBigUint64(8 * i, h[i]!, true)
    return out
  },
}
