/**
 * Daily and monthly request quotas (UTC calendar day and month). Every JSON-RPC call counts,
 * each element of a batch too; a request that would cross a quota is refused whole and not counted.
 */
import type { AppMetrics } from '../metrics/metricsBook.js'
import type { Quota } from './types.js'

export type QuotaVerdict = 'ok' | 'daily' | 'monthly'

/** The current UTC day and month, recomputed only when the day changes. */
let cachedDayStart = 0
let cachedDayEnd = -1
let cachedDay = ''
let cachedMonth = ''

/** Brings the cached day and month up to `nowMs` (no object per call: this runs per request). */
function updateCalendar(nowMs: number): void {
  if (nowMs < cachedDayStart || nowMs >= cachedDayEnd) {
    const date = new Date(nowMs)
    cachedDay = date.toISOString().slice(0, 10)
    cachedMonth = cachedDay.slice(0, 7)
    cachedDayStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
    cachedDayEnd = cachedDayStart + 86_400_000
  }
}

export function consumeQuota(metrics: AppMetrics, quota: Quota, calls: number, nowMs: number): QuotaVerdict {
  updateCalendar(nowMs)
  const day = cachedDay
  const month = cachedMonth
  const usage = metrics.usage
  if (usage.day !== day) {
    usage.day = day
    usage.dayCount = 0
  }
  if (usage.month !== month) {
    usage.month = month
    usage.monthCount = 0
  }
  if (quota.daily !== undefined && usage.dayCount + calls > quota.daily) return 'daily'
  if (quota.monthly !== undefined && usage.monthCount + calls > quota.monthly) return 'monthly'
  usage.dayCount += calls
  usage.monthCount += calls
  return 'ok'
}

/** Start of the next UTC day or month (ms), for the "try again at" hint of a quota refusal. */
export function quotaResetsAt(period: 'daily' | 'monthly', nowMs: number): number {
  const date = new Date(nowMs)
  return period === 'daily'
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
}
