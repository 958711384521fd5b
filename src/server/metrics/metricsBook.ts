/**
 * Request metrics and quota usage per app, kept in memory on the request path and written to
 * `<data dir>/metrics.json` periodically and on shutdown (never per request).
 */
import { join } from 'node:path'
import type { NetworkName } from '../../core/network/networks.js'
import { readJsonFile, writeJsonFileAtomic } from '../persist/jsonFile.js'
import { type HistogramJson, LatencyHistogram, type LatencySummary } from './histogram.js'

/** Refusals that can be pinned on an app (a missing or unknown key names no app). */
export const APP_REJECTIONS = [
  'origin',
  'ip',
  'jwtMissing',
  'jwtInvalid',
  'dailyQuota',
  'monthlyQuota',
  'network',
] as const
export type AppRejection = (typeof APP_REJECTIONS)[number]

/** A method name outside this many distinct ones is counted as "(other)": garbage stays bounded. */
const MAX_METHODS = 512
/** Days of per-day counts kept (the dashboard charts the last 30). */
const KEPT_DAYS = 40

export class NetworkCounters {
  total = 0
  success = 0
  readonly methods = new Map<string, number>()
  /** Latency of single (non-batch) requests, per method. */
  readonly methodLatency = new Map<string, LatencyHistogram>()
  /** JSON-RPC error code → answers carrying it. */
  readonly errorCodes = new Map<number, number>()
  readonly latency: LatencyHistogram

  constructor(latency = new LatencyHistogram()) {
    this.latency = latency
  }

  countMethod(method: string): void {
    const current = this.methods.get(method)
    if (current !== undefined) this.methods.set(method, current + 1)
    else if (this.methods.size < MAX_METHODS) this.methods.set(method, 1)
    else this.methods.set('(other)', (this.methods.get('(other)') ?? 0) + 1)
  }

  recordMethodLatency(method: string, elapsedMs: number): void {
    let histogram = this.methodLatency.get(method)
    if (!histogram) {
      // Only methods already counted get a histogram, so its size is bounded like theirs.
      if (!this.methods.has(method)) return
      histogram = new LatencyHistogram()
      this.methodLatency.set(method, histogram)
    }
    histogram.record(elapsedMs)
  }

  countErrorCode(code: number): void {
    this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + 1)
  }
}

export interface DayCount {
  total: number
  success: number
}

export interface Usage {
  /** UTC day (YYYY-MM-DD) the day count belongs to. */
  day: string
  dayCount: number
  /** UTC month (YYYY-MM) the month count belongs to. */
  month: string
  monthCount: number
}

export class AppMetrics {
  readonly networks = new Map<NetworkName, NetworkCounters>()
  readonly rejections = new Map<AppRejection, number>()
  usage: Usage = { day: '', dayCount: 0, month: '', monthCount: 0 }
  /** UTC day (YYYY-MM-DD) → calls answered that day, all networks together. */
  readonly days = new Map<string, DayCount>()

  countDay(day: string, calls: number, errors: number): void {
    let count = this.days.get(day)
    if (!count) {
      count = { total: 0, success: 0 }
      this.days.set(day, count)
      if (this.days.size > KEPT_DAYS) {
        const oldest = [...this.days.keys()].sort()[0]!
        this.days.delete(oldest)
      }
    }
    count.total += calls
    count.success += calls - errors
  }

  network(name: NetworkName): NetworkCounters {
    let counters = this.networks.get(name)
    if (!counters) {
      counters = new NetworkCounters()
      this.networks.set(name, counters)
    }
    return counters
  }
}

export interface NetworkMetricsReport {
  total: number
  success: number
  errors: number
  /** success / total, 1 when there were no requests. */
  successRate: number
  methods: Record<string, number>
  /** p50/p99 of single requests per method (methods only ever called in batches have none). */
  methodLatency: Record<string, LatencySummary>
  /** JSON-RPC error code → answers carrying it. */
  errorCodes: Record<string, number>
  latency: LatencySummary
}

export interface AppMetricsReport {
  networks: Partial<Record<NetworkName, NetworkMetricsReport>>
  rejections: Partial<Record<AppRejection, number>>
  usage: Usage
  /** Per UTC day, oldest first, only days with requests. */
  days: Array<{ day: string } & DayCount>
}

interface MetricsFile {
  version: 1
  /** Requests refused before an app was known. */
  server: { missingKey: number; unknownKey: number }
  apps: Record<
    string,
    {
      usage: Usage
      rejections: Partial<Record<AppRejection, number>>
      networks: Partial<
        Record<
          NetworkName,
          {
            total: number
            success: number
            methods: Record<string, number>
            latency: HistogramJson
            methodLatency?: Record<string, HistogramJson>
            errorCodes?: Record<string, number>
          }
        >
      >
      days?: Record<string, DayCount>
    }
  >
}

export function metricsFilePath(dataDir: string): string {
  return join(dataDir, 'metrics.json')
}

export class MetricsBook {
  readonly apps = new Map<string, AppMetrics>()
  readonly server = { missingKey: 0, unknownKey: 0 }
  /** Set whenever a counter moves; the periodic flush writes only when it is set. */
  dirty = false

  app(appId: string): AppMetrics {
    let metrics = this.apps.get(appId)
    if (!metrics) {
      metrics = new AppMetrics()
      this.apps.set(appId, metrics)
    }
    return metrics
  }

  reject(appId: string, reason: AppRejection): void {
    const metrics = this.app(appId)
    this.dirty = true
    metrics.rejections.set(reason, (metrics.rejections.get(reason) ?? 0) + 1)
  }

  report(appId: string): AppMetricsReport {
    const metrics = this.apps.get(appId) ?? new AppMetrics()
    const networks: AppMetricsReport['networks'] = {}
    for (const [name, counters] of metrics.networks) {
      networks[name] = {
        total: counters.total,
        success: counters.success,
        errors: counters.total - counters.success,
        successRate: counters.total === 0 ? 1 : counters.success / counters.total,
        methods: Object.fromEntries([...counters.methods].sort((a, b) => b[1] - a[1])),
        methodLatency: Object.fromEntries(
          [...counters.methodLatency].map(([method, histogram]) => [method, histogram.summary()]),
        ),
        errorCodes: Object.fromEntries(counters.errorCodes),
        latency: counters.latency.summary(),
      }
    }
    const days = [...metrics.days]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, count]) => ({ day, ...count }))
    return {
      networks,
      rejections: Object.fromEntries(metrics.rejections),
      usage: { ...metrics.usage },
      days,
    }
  }

  /** Drops the metrics of apps that no longer exist. */
  retainOnly(appIds: ReadonlySet<string>): void {
    for (const id of this.apps.keys()) if (!appIds.has(id)) this.apps.delete(id)
  }

  toJSON(): MetricsFile {
    const apps: MetricsFile['apps'] = {}
    for (const [id, metrics] of this.apps) {
      const networks: MetricsFile['apps'][string]['networks'] = {}
      for (const [name, counters] of metrics.networks) {
        networks[name] = {
          total: counters.total,
          success: counters.success,
          methods: Object.fromEntries(counters.methods),
          latency: counters.latency.toJSON(),
          methodLatency: Object.fromEntries(
            [...counters.methodLatency].map(([method, histogram]) => [method, histogram.toJSON()]),
          ),
          errorCodes: Object.fromEntries(counters.errorCodes),
        }
      }
      apps[id] = {
        usage: metrics.usage,
        rejections: Object.fromEntries(metrics.rejections),
        networks,
        days: Object.fromEntries(metrics.days),
      }
    }
    return { version: 1, server: { ...this.server }, apps }
  }

  static fromJSON(file: MetricsFile | undefined): MetricsBook {
    const book = new MetricsBook()
    if (!file) return book
    book.server.missingKey = file.server?.missingKey ?? 0
    book.server.unknownKey = file.server?.unknownKey ?? 0
    for (const [id, saved] of Object.entries(file.apps ?? {})) {
      const metrics = book.app(id)
      metrics.usage = { ...metrics.usage, ...saved.usage }
      for (const [reason, count] of Object.entries(saved.rejections ?? {})) {
        metrics.rejections.set(reason as AppRejection, count)
      }
      for (const [name, net] of Object.entries(saved.networks ?? {})) {
        const counters = new NetworkCounters(LatencyHistogram.fromJSON(net.latency))
        counters.total = net.total
        counters.success = net.success
        for (const [method, count] of Object.entries(net.methods)) counters.methods.set(method, count)
        for (const [method, histogram] of Object.entries(net.methodLatency ?? {})) {
          counters.methodLatency.set(method, LatencyHistogram.fromJSON(histogram))
        }
        for (const [code, count] of Object.entries(net.errorCodes ?? {})) {
          counters.errorCodes.set(Number(code), count)
        }
        metrics.networks.set(name as NetworkName, counters)
      }
      for (const [day, count] of Object.entries(saved.days ?? {})) {
        metrics.days.set(day, { total: count.total, success: count.success })
      }
    }
    return book
  }
}

export async function loadMetrics(dataDir: string): Promise<MetricsBook> {
  return MetricsBook.fromJSON(await readJsonFile<MetricsFile>(metricsFilePath(dataDir)))
}

export async function saveMetrics(dataDir: string, book: MetricsBook): Promise<void> {
  await writeJsonFileAtomic(metricsFilePath(dataDir), book.toJSON())
}
