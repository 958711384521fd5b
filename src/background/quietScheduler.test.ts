import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { quietScheduler } from './quietScheduler.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('runs once the work pauses, not after each piece of it', () => {
  const schedule = quietScheduler({ quietMs: 25, maxDelayMs: 1000, maxWaiting: 64 })
  const run = vi.fn()
  for (let waiting = 1; waiting <= 10; waiting++) {
    schedule(run, waiting)
    vi.advanceTimersByTime(5)
  }
  expect(run).not.toHaveBeenCalled()
  vi.advanceTimersByTime(25)
  expect(run).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(2000)
  expect(run).toHaveBeenCalledTimes(1)
})

test('runs by the deadline while work keeps coming', () => {
  const schedule = quietScheduler({ quietMs: 25, maxDelayMs: 100, maxWaiting: 1000 })
  const run = vi.fn()
  for (let i = 1; i <= 30; i++) {
    schedule(run, i)
    vi.advanceTimersByTime(10)
  }
  // 300 ms of work without a 25 ms pause: runs at 100, 200 and 300 ms, never a quiet one.
  expect(run).toHaveBeenCalledTimes(3)
})

test('runs on the next task once maxWaiting pieces wait', () => {
  const schedule = quietScheduler({ quietMs: 25, maxDelayMs: 1000, maxWaiting: 4 })
  const run = vi.fn()
  schedule(run, 3)
  vi.advanceTimersByTime(1)
  schedule(run, 4)
  vi.advanceTimersByTime(0)
  expect(run).toHaveBeenCalledTimes(1)
})

test('a draining call runs on the next task, without waiting for a pause', () => {
  const schedule = quietScheduler({ quietMs: 25, maxDelayMs: 1000, maxWaiting: 64 })
  const run = vi.fn()
  schedule(run, 10, true)
  vi.advanceTimersByTime(0)
  expect(run).toHaveBeenCalledTimes(1)
})

test('a burst of calls keeps one timer armed, and a pause still runs the work once', () => {
  const schedule = quietScheduler({ quietMs: 25, maxDelayMs: 1000, maxWaiting: 64 })
  const run = vi.fn()
  for (let waiting = 1; waiting <= 50; waiting++) {
    schedule(run, waiting)
    vi.advanceTimersByTime(1)
    expect(vi.getTimerCount()).toBe(1)
  }
  vi.advanceTimersByTime(25)
  expect(run).toHaveBeenCalledTimes(1)
  expect(vi.getTimerCount()).toBe(0)
})
