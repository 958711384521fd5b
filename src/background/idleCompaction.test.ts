import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { idleCompaction } from './nodeFactory.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('compacts once the writes pause, not after each of them', () => {
  const schedule = idleCompaction({ idleMs: 25, maxWaiting: 64 })
  const run = vi.fn()
  for (let waiting = 1; waiting <= 10; waiting++) {
    schedule(run, waiting)
    vi.advanceTimersByTime(5)
  }
  expect(run).not.toHaveBeenCalled()
  vi.advanceTimersByTime(25)
  expect(run).toHaveBeenCalledTimes(1)
})

test('compacts on the next task once maxWaiting blocks wait, even while writes keep coming', () => {
  const schedule = idleCompaction({ idleMs: 25, maxWaiting: 4 })
  const run = vi.fn()
  schedule(run, 3)
  vi.advanceTimersByTime(1)
  schedule(run, 4)
  vi.advanceTimersByTime(0)
  expect(run).toHaveBeenCalledTimes(1)
})
