import { RLP } from '@ethereumjs/rlp'
import { describe, expect, it } from 'vitest'
import { encodeRlp, type RlpEncodable, rlpEncodedLength } from './rlpEncode.js'

/** Deterministic pseudo-random items: byte strings around every prefix boundary, nested lists. */
function randomItem(next: () => number, depth: number): RlpEncodable {
  if (depth > 3 || next() % 3 !== 0) {
    const lengths = [0, 1, 1, 2, 55, 56, 57, 255, 256, 1100, 70_000]
    const length = lengths[next() % lengths.length] as number
    return Uint8Array.from({ length }, () => next() & 0xff)
  }
  return Array.from({ length: next() % 7 }, () => randomItem(next, depth + 1))
}

/** A small deterministic generator, so a failing random item can be replayed. */
function lcg(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) >>> 0
    return state >>> 8
  }
}

describe('two-pass RLP encoder', () => {
  it('encodes single bytes below 0x80 as themselves and 0x80 and above with a prefix', () => {
    expect(encodeRlp(Uint8Array.of(0x00))).toEqual(Uint8Array.of(0x00))
    expect(encodeRlp(Uint8Array.of(0x7f))).toEqual(Uint8Array.of(0x7f))
    expect(encodeRlp(Uint8Array.of(0x80))).toEqual(Uint8Array.of(0x81, 0x80))
    expect(encodeRlp(new Uint8Array(0))).toEqual(Uint8Array.of(0x80))
    expect(encodeRlp([])).toEqual(Uint8Array.of(0xc0))
  })

  it('writes long string and long list prefixes with their length of length', () => {
    const long = new Uint8Array(300).fill(7)
    expect(encodeRlp(long).subarray(0, 3)).toEqual(Uint8Array.of(0xb9, 0x01, 0x2c))
    expect(encodeRlp([long]).subarray(0, 3)).toEqual(Uint8Array.of(0xf9, 0x01, 0x2f))
  })

  it('gives the same bytes as @ethereumjs/rlp for 300 random nested items', () => {
    const next = lcg(12345)
    for (let i = 0; i < 300; i++) {
      const item = randomItem(next, 0)
      expect(encodeRlp(item)).toEqual(RLP.encode(item as Uint8Array))
    }
  })

  it('measures the length @ethereumjs/rlp encodes to, for 300 random nested items', () => {
    const next = lcg(777)
    for (let i = 0; i < 300; i++) {
      const item = randomItem(next, 0)
      expect(rlpEncodedLength(item)).toBe(RLP.encode(item as Uint8Array).length)
    }
  })
})
