import { describe, expect, it } from 'vitest'
import { lazy } from './lazy.js'

describe('lazy', () => {
  it('makes the value on the first call, not before, and only once', () => {
    let calls = 0
    const value = lazy(() => {
      calls++
      return { made: calls }
    })
    expect(calls).toBe(0)
    const first = value()
    expect(value()).toBe(first)
    expect(calls).toBe(1)
  })
})
