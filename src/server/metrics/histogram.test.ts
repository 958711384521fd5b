import { describe, expect, test } from 'vitest'
import { LatencyHistogram } from './histogram.js'

describe('LatencyHistogram', () => {
  test('percentiles land within one bucket (≈9%) of the true value', () => {
    const histogram = new LatencyHistogram()
    for (let i = 1; i <= 1000; i++) histogram.record(i / 100) // 0.01 ms … 10 ms
    const { p50Ms, p90Ms, p99Ms, maxMs, count } = histogram.summary()
    expect(count).toBe(1000)
    expect(p50Ms).toBeGreaterThanOrEqual(5)
    expect(p50Ms).toBeLessThan(5 * 1.1)
    expect(p90Ms).toBeGreaterThanOrEqual(9)
    expect(p90Ms).toBeLessThan(9 * 1.1)
    expect(p99Ms).toBeGreaterThanOrEqual(9.9)
    expect(maxMs).toBeGreaterThanOrEqual(10)
  })

  test('an empty histogram reports zeros', () => {
    expect(new LatencyHistogram().summary()).toEqual({ count: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0 })
  })

  test('survives a JSON round trip', () => {
    const histogram = new LatencyHistogram()
    for (const ms of [0.2, 0.3, 4, 40]) histogram.record(ms)
    const restored = LatencyHistogram.fromJSON(JSON.parse(JSON.stringify(histogram.toJSON())))
    expect(restored.summary()).toEqual(histogram.summary())
  })
})
