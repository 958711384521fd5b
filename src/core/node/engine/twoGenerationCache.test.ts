import { describe, expect, it } from 'vitest'
import { TwoGenerationCache } from './twoGenerationCache.js'

describe('TwoGenerationCache', () => {
  it('holds at most two generations, however many entries are set', () => {
    const cache = new TwoGenerationCache<number, string>(100)
    for (let i = 0; i < 10_000; i++) cache.set(i, `v${i}`)
    expect(cache.size).toBeLessThanOrEqual(200)
    expect(cache.get(9_999)).toBe('v9999')
    expect(cache.get(0)).toBeUndefined()
  })

  it('keeps an entry that is read alive across a generation change', () => {
    const cache = new TwoGenerationCache<number, string>(2)
    cache.set(1, 'a')
    cache.set(2, 'b')
    cache.set(3, 'c') // 1 and 2 are now the previous generation
    expect(cache.get(1)).toBe('a') // moved to the current one
    cache.set(4, 'd') // the current one (3, 1) is full: it becomes the previous one, 2 is dropped
    expect(cache.get(2)).toBeUndefined()
    expect(cache.get(1)).toBe('a')
    expect(cache.get(3)).toBe('c')
  })

  it('drops what deleteWhere accepts from both generations, and everything on clear', () => {
    const cache = new TwoGenerationCache<number, string>(2)
    for (let i = 0; i < 4; i++) cache.set(i, `v${i}`)
    cache.deleteWhere((key) => key >= 1)
    expect([0, 1, 2, 3].map((k) => cache.get(k))).toEqual(['v0', undefined, undefined, undefined])
    cache.clear()
    expect(cache.get(0)).toBeUndefined()
    expect(cache.size).toBe(0)
  })
})
