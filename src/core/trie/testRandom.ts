/** A small seeded generator so randomized tests replay identically. Test-only helper. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function randomBytes(random: () => number, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) out[i] = Math.floor(random() * 256)
  return out
}
