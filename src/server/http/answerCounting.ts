/** What the metrics count of an answer: its errors by code, its methods, its latency. */
import type { NetworkCounters } from '../metrics/metricsBook.js'

/** Errors in an answer, each counted by its code. */
export function countErrors(answer: unknown, counters: NetworkCounters): number {
  if (answer === undefined || answer === null) return 0
  if (!Array.isArray(answer)) {
    if (typeof answer !== 'object' || !hasError(answer)) return 0
    counters.countErrorCode(errorCode(answer))
    return 1
  }
  let errors = 0
  for (const item of answer) {
    if (typeof item === 'object' && item !== null && hasError(item)) {
      errors++
      counters.countErrorCode(errorCode(item))
    }
  }
  return errors
}

/** An answer carrying an error (bitcoind's 1.0 answers carry `error: null` on success). */
function hasError(answer: object): boolean {
  return 'error' in answer && answer.error !== null
}

export function errorCode(answer: unknown): number {
  const code = (answer as { error?: { code?: unknown } }).error?.code
  return typeof code === 'number' ? code : 0
}

export function record(
  counters: NetworkCounters,
  payload: unknown,
  calls: number,
  errors: number,
  elapsedMs: number,
) {
  counters.total += calls
  counters.success += calls - errors
  counters.latency.record(elapsedMs)
  if (Array.isArray(payload)) {
    if (payload.length === 0) counters.countMethod('(invalid)')
    for (const item of payload) counters.countMethod(methodName(item))
  } else {
    const method = methodName(payload)
    counters.countMethod(method)
    counters.recordMethodLatency(method, elapsedMs)
  }
}

export function methodName(item: unknown): string {
  const method = typeof item === 'object' && item !== null ? (item as { method?: unknown }).method : undefined
  return typeof method === 'string' ? method : '(invalid)'
}
