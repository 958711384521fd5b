/** The Requests view's logic: filtering, metrics, copy as curl/JSON, export and import. */
import type { RequestLogEntry } from '../../../shared/protocol.js'

export interface RequestFilter {
  method?: string
  origin?: string
  errorsOnly?: boolean
  /** Free text matched against method, origin, params, result and error. */
  search?: string
}

function searchable(entry: RequestLogEntry): string {
  return `${entry.method} ${entry.origin} ${JSON.stringify(entry.params)} ${JSON.stringify(entry.result ?? '')} ${entry.error?.message ?? ''}`.toLowerCase()
}

export function filterRequests(
  entries: readonly RequestLogEntry[],
  filter: RequestFilter,
): RequestLogEntry[] {
  const search = filter.search?.trim().toLowerCase()
  const active = filter.method || filter.origin || filter.errorsOnly || search
  if (!active) return entries as RequestLogEntry[]
  return entries.filter(
    (e) =>
      (!filter.method || e.method === filter.method) &&
      (!filter.origin || e.origin === filter.origin) &&
      (!filter.errorsOnly || e.error !== undefined) &&
      (!search || searchable(e).includes(search)),
  )
}

export interface RequestMetrics {
  total: number
  /** 0..1; 1 when there are no requests. */
  successRate: number
  /** Median duration in milliseconds; 0 when there are no requests. */
  p50Ms: number
}

export function requestMetrics(entries: readonly RequestLogEntry[]): RequestMetrics {
  if (entries.length === 0) return { total: 0, successRate: 1, p50Ms: 0 }
  let ok = 0
  const durations = new Float64Array(entries.length)
  entries.forEach((e, i) => {
    if (!e.error) ok++
    durations[i] = e.durationMs
  })
  durations.sort()
  // Nearest-rank median: the value at rank ceil(n/2).
  const p50Ms = durations[Math.ceil(durations.length / 2) - 1]!
  return { total: entries.length, successRate: ok / entries.length, p50Ms }
}

export function requestBody(entry: RequestLogEntry): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: entry.id ?? 1,
    method: entry.method,
    params: entry.params ?? [],
  })
}

/** A curl line for the same request against the HTTP server (rsk-devnode serves on 4444 by default). */
export function toCurl(entry: RequestLogEntry, url = 'http://127.0.0.1:4444'): string {
  const body = requestBody(entry).replace(/'/g, `'\\''`)
  return `curl -s -X POST -H 'content-type: application/json' --data '${body}' ${url}`
}

export const EXPORT_FORMAT = 'rsk-devnode/requests@1'

export function exportRequests(entries: readonly RequestLogEntry[]): string {
  return JSON.stringify({ format: EXPORT_FORMAT, requests: entries }, null, 2)
}

function isEntry(value: unknown): value is RequestLogEntry {
  if (!value || typeof value !== 'object') return false
  const e = value as Partial<RequestLogEntry>
  return typeof e.method === 'string' && typeof e.time === 'number' && typeof e.durationMs === 'number'
}

/** Accepts our export or a bare array of entries; throws on anything else. */
export function importRequests(text: string): RequestLogEntry[] {
  const parsed = JSON.parse(text) as unknown
  const list = Array.isArray(parsed) ? parsed : (parsed as { requests?: unknown })?.requests
  if (!Array.isArray(list)) throw new Error('No requests array in this file')
  const entries = list.filter(isEntry)
  if (entries.length !== list.length)
    throw new Error(`${list.length - entries.length} entries are not requests`)
  return entries
}
