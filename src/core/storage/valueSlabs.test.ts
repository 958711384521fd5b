import { describe, expect, it } from 'vitest'
import { ValueSlabs } from './valueSlabs.js'

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255)

describe('ValueSlabs', () => {
  it('returns copies of small, empty and slab-sized values, independent of the caller buffer', () => {
    const slabs = new ValueSlabs()
    const values = [bytes(0, 1), bytes(40, 2), bytes(20_000, 3), bytes(300_000, 4), bytes(7, 5)]
    const ids = values.map((v) => slabs.add(v))
    values[1]?.fill(0)
    expect(slabs.copy(ids[1] as number)).toEqual(bytes(40, 2))
    ids.forEach((id, i) => {
      if (i !== 1) expect(slabs.copy(id)).toEqual(values[i])
    })
    const copy = slabs.copy(ids[4] as number)
    copy.fill(9)
    expect(slabs.copy(ids[4] as number)).toEqual(bytes(7, 5))
  })

  it('keeps every live value through replacements, removals and repacking', () => {
    const slabs = new ValueSlabs()
    const expected = new Map<number, Uint8Array>()
    // Enough churn (about 30 MB written, little kept) to repack several times.
    for (let round = 0; round < 3000; round++) {
      const value = bytes(1000 + (round % 9000), round)
      const id = slabs.add(value)
      expected.set(id, value)
      if (round % 3 === 0) {
        const replacement = bytes(round % 500, round + 7)
        slabs.replace(id, replacement)
        expected.set(id, replacement)
      }
      if (round % 2 === 1) {
        const victim = expected.keys().next().value as number
        slabs.remove(victim)
        expected.delete(victim)
      }
    }
    for (const [id, value] of expected) expect(slabs.copy(id)).toEqual(value)
  })

  it('reuses the ids of removed values', () => {
    const slabs = new ValueSlabs()
    const a = slabs.add(bytes(10, 1))
    slabs.add(bytes(10, 2))
    slabs.remove(a)
    expect(slabs.add(bytes(3, 3))).toBe(a)
    expect(slabs.copy(a)).toEqual(bytes(3, 3))
  })
})
