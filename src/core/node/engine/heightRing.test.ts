import { describe, expect, test } from 'vitest'
import { HeightRing } from './heightRing.js'

describe('HeightRing', () => {
  test('keeps the newest heights: a height takes the slot of the one `capacity` below and returns it', () => {
    const ring = new HeightRing<string>(3)
    expect(ring.set(0n, 'a')).toBeUndefined()
    ring.set(1n, 'b')
    ring.set(2n, 'c')
    expect(ring.set(3n, 'd')).toBe('a')
    expect(ring.get(0n)).toBeUndefined()
    expect([ring.get(1n), ring.get(2n), ring.get(3n)]).toEqual(['b', 'c', 'd'])
    expect(ring.size).toBe(3)
  })

  test('setting a height it holds replaces the value without evicting anything', () => {
    const ring = new HeightRing<string>(4)
    ring.set(7n, 'old')
    expect(ring.set(7n, 'new')).toBeUndefined()
    expect(ring.get(7n)).toBe('new')
    expect(ring.size).toBe(1)
  })

  test('answers nothing for a height whose slot holds another', () => {
    const ring = new HeightRing<string>(4)
    ring.set(9n, 'nine')
    expect(ring.has(5n)).toBe(false)
    expect(ring.get(5n)).toBeUndefined()
    expect(ring.delete(5n)).toBeUndefined()
    expect(ring.get(9n)).toBe('nine')
  })

  test('deletes while iterating, and clears', () => {
    const ring = new HeightRing<number>(8)
    for (let n = 10n; n < 16n; n++) ring.set(n, Number(n))
    for (const [n] of ring.entries()) if (n > 12n) ring.delete(n)
    expect([...ring.entries()].map(([n]) => n).sort()).toEqual([10n, 11n, 12n])
    expect(ring.size).toBe(3)
    ring.clear()
    expect(ring.size).toBe(0)
    expect([...ring.entries()]).toEqual([])
  })
})
