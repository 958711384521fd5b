import { describe, expect, test } from 'vitest'
import { createManualClock } from './clock.js'
import { TimeControl } from './timeControl.js'

describe('TimeControl', () => {
  test('a block is stamped now, or parent + 1 when the clock is behind the parent', () => {
    const clock = createManualClock(1_000_000)
    const time = new TimeControl(clock)
    expect(time.nextBlockTimestamp(10n)).toBe(1000n)
    expect(time.nextBlockTimestamp(5000n)).toBe(5001n)
  })

  test('increase moves every later block and returns the accumulated offset', () => {
    const time = new TimeControl(createManualClock(1_000_000))
    expect(time.increase(60n)).toBe(60n)
    expect(time.increase(40n)).toBe(100n)
    expect(time.nextBlockTimestamp(0n)).toBe(1100n)
  })

  test('a pinned next timestamp stamps one block and moves the clock to it', () => {
    const clock = createManualClock(1_000_000)
    const time = new TimeControl(clock)
    time.setNextBlockTimestamp(5000n)
    expect(time.peekNextBlockTimestamp(0n)).toBe(5000n)
    expect(time.nextBlockTimestamp(0n)).toBe(5000n)
    // The clock continues from 5000, not from the wall clock (1000), as in Hardhat and Anvil.
    expect(time.nowSeconds()).toBe(5000n)
    expect(time.nextBlockTimestamp(5000n)).toBe(5001n)
    time.increase(3600n)
    clock.advance(2000)
    expect(time.nextBlockTimestamp(5001n)).toBe(8602n)
  })

  test('a timestamp pinned with keepClock leaves the clock where it was', () => {
    const time = new TimeControl(createManualClock(1_000_000))
    time.setNextBlockTimestamp(900n, { keepClock: true })
    expect(time.nextBlockTimestamp(0n)).toBe(900n)
    expect(time.nowSeconds()).toBe(1000n)
    expect(time.nextBlockTimestamp(900n)).toBe(1000n)
  })

  test('setTime makes now the given timestamp', () => {
    const clock = createManualClock(1_000_000)
    const time = new TimeControl(clock)
    time.setTime(2_000_000n)
    clock.advance(3000)
    expect(time.nowSeconds()).toBe(2_000_003n)
  })
})
