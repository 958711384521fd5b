import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { orderedRoot } from './tries.js'

/**
 * Roots computed by RSKj's own `co/rsk/trie/Trie.java` (rskj d987a4c, compiled with no-op stubs
 * for logging and profiling), putting key RLP.encodeInt(i) → value i for i = 0..n−1, where the
 * values come from `java.util.Random(42)`: for each value `len = 1 + nextInt(120)`, then
 * `nextBytes(new byte[len])`, one generator for all sizes in the order listed.
 */
const RSKJ_ROOTS: Array<[size: number, root: string]> = [
  [1, '7f68e256474a14e0e0905a8ee130d4f409dd14d98702049b76ebe88074bdd169'],
  [2, 'f08d45a2b93de2a67e4b89bec3f5d80c5718cef6f60429f70e61446ba7dcf277'],
  [3, '3862166f04024ba685d27b1ad0afa406d1e2f0433d5a7e5b8626cfd65a40a9c7'],
  [5, 'b6a4535c1cc9609ebe5b7953dd78816326ba705e133345ffa182977d86c074cf'],
  [17, 'c24efb91f9c0a6433b1b7484f5126b035e406d2b8865c2005be0882f71af1e80'],
  [128, '031ef2a30f49c5f2c6a5709b070e8d442c8984de5439607a999fb7708be11d29'],
  [129, '1e7912b3cb3d5a4a9cbf4a3c7880f73ab9b9a29dd395a4cec25f2c6062f6b355'],
  [200, 'd0471ad2036996bd69fa0e33e46fc363ebdadbe9baec3ce23e762a6af85058af'],
  [300, 'b63c2ab88e64576adf0d9df8ec5405733f6801f1dea9bf7b2d6ad0f1c5b10e26'],
  [1000, 'dce8048614c148b187dfcc1652b70fe9ee5f6fc2c887a6526c1f2e41d0e26a60'],
]

/** java.util.Random: the 48-bit linear congruential generator the JDK specifies. */
class JavaRandom {
  private seed: bigint
  constructor(seed: number) {
    this.seed = (BigInt(seed) ^ 0x5deece66dn) & ((1n << 48n) - 1n)
  }
  private next(bits: number): number {
    this.seed = (this.seed * 0x5deece66dn + 0xbn) & ((1n << 48n) - 1n)
    return Number(BigInt.asIntN(32, this.seed >> BigInt(48 - bits)))
  }
  nextInt(bound: number): number {
    if ((bound & -bound) === bound) return Number((BigInt(bound) * BigInt(this.next(31))) >> 31n)
    for (;;) {
      const bits = this.next(31)
      const value = bits % bound
      if (bits - value + (bound - 1) <= 0x7fffffff) return value
    }
  }
  nextBytes(out: Uint8Array): void {
    for (let i = 0; i < out.length; ) {
      let rnd = this.next(32)
      for (let n = Math.min(out.length - i, 4); n > 0; n--, rnd >>= 8) out[i++] = rnd & 0xff
    }
  }
}

describe('RSKj binary trie against RSKj Trie.java', () => {
  test('roots of 1 to 1000 entries with 1–120-byte values equal RSKj’s', () => {
    const random = new JavaRandom(42)
    for (const [size, root] of RSKJ_ROOTS) {
      const values = Array.from({ length: size }, () => {
        const value = new Uint8Array(1 + random.nextInt(120))
        random.nextBytes(value)
        return value
      })
      expect(bytesToHex(orderedRoot(values)).slice(2), `${size} entries`).toBe(root)
    }
  })
})
