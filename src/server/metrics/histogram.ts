/**
 * Latency histogram with logarithmic buckets: eight per doubling (≈9% wide), in microseconds.
 * Recording is one log2 and one array increment; percentiles are read from the buckets. Cheap
 * enough for every request, and small and mergeable when persisted.
 */

const BUCKETS_PER_DOUBLING = 8
/** 2^36 µs ≈ 19 hours: anything slower lands in the last bucket. */
const BUCKET_COUNT = 36 * BUCKETS_PER_DOUBLING + 1

export interface LatencySummary {
  count: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
}

/** Persisted form: bucket index → count, only non-empty buckets. */
export type HistogramJson = Record<string, number>

export class LatencyHistogram {
  private readonly counts = new Float64Array(BUCKET_COUNT)
  private total = 0

  record(milliseconds: number): void {
    const micros = milliseconds * 1000
    const index =
      micros <= 1 ? 0 : Math.min(BUCKET_COUNT - 1, Math.ceil(Math.log2(micros) * BUCKETS_PER_DOUBLING))
    this.counts[index]! += 1
    this.total += 1
  }

  get count(): number {
    return this.total
  }

  /** Upper bound (ms) of the bucket holding the q-quantile (0 < q ≤ 1). */
  quantile(q: number): number {
    if (this.total === 0) return 0
    const rank = Math.max(1, Math.ceil(q * this.total))
    let seen = 0
    for (let index = 0; index < BUCKET_COUNT; index++) {
      seen += this.counts[index]!
      if (seen >= rank) return upperBoundMs(index)
    }
    return upperBoundMs(BUCKET_COUNT - 1)
  }

  summary(): LatencySummary {
    return {
      count: this.total,
      p50Ms: this.quantile(0.5),
      p90Ms: this.quantile(0.9),
      p99Ms: this.quantile(0.99),
      maxMs: this.quantile(1),
    }
  }

  toJSON(): HistogramJson {
    const json: HistogramJson = {}
    this.counts.forEach((count, index) => {
      if (count > 0) json[index] = count
    })
    return json
  }

  static fromJSON(json: HistogramJson | undefined): LatencyHistogram {
    const histogram = new LatencyHistogram()
    for (const [index, count] of Object.entries(json ?? {})) {
      const at = Number(index)
      if (Number.isInteger(at) && at >= 0 && at < BUCKET_COUNT && count > 0) {
        histogram.counts[at] = count
        histogram.total += count
      }
    }
    return histogram
  }
}

function upperBoundMs(index: number): number {
  // Rounded to 3 significant digits: the bucket is ~9% wide, more digits would be noise.
  return Number((2 ** (index / BUCKETS_PER_DOUBLING) / 1000).toPrecision(3))
}
