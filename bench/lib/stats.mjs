// Small statistics helpers for latency samples in milliseconds.

/** Nearest-rank percentile (p in 0..100) of an unsorted sample; NaN for an empty one. */
export function percentile(samples, p) {
  if (samples.length === 0) return Number.NaN
  const sorted = Float64Array.from(samples).sort()
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

export function summarize(samples) {
  return {
    count: samples.length,
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    meanMs: round(samples.reduce((a, b) => a + b, 0) / (samples.length || 1)),
  }
}

/** Three significant digits: enough for ratios, short enough for tables. */
export function round(value) {
  if (!Number.isFinite(value) || value === 0) return value
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))))
  return Number(value.toFixed(Math.min(digits, 6)))
}
