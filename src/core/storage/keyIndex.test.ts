import { describe, expect, test } from 'vitest'
import { KeyIndex } from './keyIndex.js'

/** Small deterministic generator, so a failure replays. */
function lcg(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

// One-byte and two-byte code units, a lone surrogate and the character above it in UTF-16 order.
const ALPHABET = ['a', 'b', 'z', ':', '0', 'f', '\u00e9', '\u00ff', '\u0100', '\u20ac', '\ud83d', '\uffff']

function makeKey(random: () => number): string {
  if (random() < 0.5) {
    // Hex keys like the chain's, long enough that deleted ones fill the arena quickly.
    let hex = 't:'
    for (let i = 0; i < 64; i++) hex += '0123456789abcdef'[Math.floor(random() * 4)]
    return hex
  }
  let key = ''
  const length = Math.floor(random() * 6)
  for (let i = 0; i < length; i++) key += ALPHABET[Math.floor(random() * ALPHABET.length)]
  return key
}

/** Keys drawn from a fixed pool, so deletes and re-puts hit keys that exist. */
function keyPool(random: () => number): () => string {
  const pool = Array.from({ length: 3000 }, () => makeKey(random))
  return () => pool[Math.floor(random() * pool.length)] as string
}

function oracleRange(
  oracle: Map<string, number>,
  gte: string | undefined,
  lt: string | undefined,
  reverse: boolean,
  limit: number,
): Array<[string, number]> {
  const keys = [...oracle.keys()]
    .filter((k) => (gte === undefined || k >= gte) && (lt === undefined || k < lt))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (reverse) keys.reverse()
  return keys.slice(0, limit).map((k) => [k, oracle.get(k) as number])
}

describe('KeyIndex', () => {
  test('answers gets, sets, deletes and ranges as a Map with sorted keys does', () => {
    const random = lcg(7)
    const randomKey = keyPool(random)
    const index = new KeyIndex()
    const oracle = new Map<string, number>()
    // Enough deletions to pass several merges (every 4,096) and arena repacks (64 KiB dead).
    for (let step = 0; step < 30_000; step++) {
      const roll = random()
      const key = randomKey()
      if (roll < 0.45) {
        const value = Math.floor(random() * 1e6)
        expect(index.set(key, value)).toBe(!oracle.has(key))
        oracle.set(key, value)
      } else if (roll < 0.8) {
        expect(index.delete(key)).toBe(oracle.get(key))
        oracle.delete(key)
      } else if (roll < 0.98) {
        expect(index.get(key)).toBe(oracle.get(key))
      } else {
        const other = randomKey()
        const [gte, lt] = key < other ? [key, other] : [other, key]
        const bounds = { gte: random() < 0.8 ? gte : undefined, lt: random() < 0.8 ? lt : undefined }
        const reverse = random() < 0.5
        const limit = random() < 0.5 ? Math.floor(random() * 10) : Number.POSITIVE_INFINITY
        expect(index.range({ ...bounds, reverse, limit })).toEqual(
          oracleRange(oracle, bounds.gte, bounds.lt, reverse, limit),
        )
      }
      expect(index.size).toBe(oracle.size)
    }
    expect(index.range({})).toEqual(oracleRange(oracle, undefined, undefined, false, Infinity))
  })

  test('keeps every key through table growth, without a range to merge them', () => {
    const index = new KeyIndex()
    const keys = Array.from({ length: 50_000 }, (_, i) => `t:${i.toString(16).padStart(64, '0')}`)
    for (const [i, key] of keys.entries()) index.set(key, i)
    expect(index.size).toBe(keys.length)
    expect(keys.every((key, i) => index.get(key) === i)).toBe(true)
    expect(index.get('t:')).toBeUndefined()
    const lastTen = index.range({ gte: 't:', reverse: true, limit: 10 })
    expect(lastTen.map(([, value]) => value)).toEqual([
      49_999, 49_998, 49_997, 49_996, 49_995, 49_994, 49_993, 49_992, 49_991, 49_990,
    ])
  })

  test('thousands of deletes without a range reuse entry ids and keep the order right', () => {
    const index = new KeyIndex()
    const oracle = new Map<string, number>()
    const key = (i: number) => `k:${(i * 7919) % 20_000}`
    // Each round deletes more than the 4,096 that force a merge, then puts new keys in the ids.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 6_000; i++) {
        index.set(key(round * 6_000 + i), i)
        oracle.set(key(round * 6_000 + i), i)
      }
      for (let i = 0; i < 5_000; i++) {
        const k = key(round * 6_000 + 2 * i)
        expect(index.delete(k)).toBe(oracle.get(k))
        oracle.delete(k)
      }
    }
    expect(index.range({})).toEqual(oracleRange(oracle, undefined, undefined, false, Infinity))
  })

  test('a key deleted and put again is found once, in order, with its new value', () => {
    const index = new KeyIndex()
    for (const key of ['b', 'a', 'c']) index.set(key, 1)
    expect(index.range({}).map(([k]) => k)).toEqual(['a', 'b', 'c'])
    index.delete('b')
    index.set('b', 2)
    index.delete('a')
    expect(index.range({})).toEqual([
      ['b', 2],
      ['c', 1],
    ])
  })
})
