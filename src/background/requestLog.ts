/**
 * A bounded log of every page request (origin, network, method, params, result or error,
 * duration), kept in IndexedDB so that it survives worker restarts and browser restarts.
 *
 * Entries are written together, one record per write (`{ id, entries }`: the entries' ids are
 * `id`, `id + 1`, …), so a write costs one put however many requests it holds: while transactions
 * arrive one after another, a put per request in the log competed with each block's commit for
 * IndexedDB (bench/README.md). The worker writes when the requests pause (service.ts,
 * `scheduleLogWrite`); the oldest records are dropped in the same transaction once the log
 * outgrows its limit. Records of one entry each (`RequestLogEntry` with its `id`), as earlier
 * versions wrote them, are read as they are.
 *
 * An entry is written on the next task, not in the microtask that queued it: opening an
 * IndexedDB transaction costs more than an eth_call in the worker's profile, and the reply to
 * the request the entry describes is posted in between.
 *
 * Durability: a completed write survives the worker being stopped or killed ('relaxed': only an
 * OS crash could lose the newest writes). Entries answered but not yet written are in the
 * worker's memory only: they are written at the next pause in the requests (20 ms without one)
 * or at the latest 250 ms after the first of them (index.ts), so a worker stopped after idling
 * loses none, and a worker killed in the middle of a burst loses at most those last 250 ms. A
 * write holds every entry answered since the last one, in one record: during a burst the log
 * costs the browser one small transaction with one put per 250 ms, where it cost a put per
 * request, and a transaction of its own every 50 requests to drop the oldest.
 */

import type { IDBPObjectStore } from 'idb'
import type { RequestLogEntry } from '../shared/protocol.js'
import type { ExtensionDb, ExtensionSchema, LogBatch, LogRecord } from './db.js'

export interface RequestLog {
  add(entry: RequestLogEntry): Promise<RequestLogEntry>
  /** Adds entries in one transaction and one record, in order; resolves to them with their ids. */
  addAll(entries: RequestLogEntry[]): Promise<RequestLogEntry[]>
  /** Newest first. */
  list(options?: { limit?: number; beforeId?: number }): Promise<RequestLogEntry[]>
  count(): Promise<number>
  clear(): Promise<void>
  /** Deletes all but the newest `keep` entries (to free space when the storage is full). */
  trim(keep: number): Promise<void>
}

export const DEFAULT_LOG_LIMIT = 5000
/**
 * The log may hold this many entries beyond its limit (at most half the limit) before a write
 * drops the oldest records, with a range delete in its own transaction: not on every write.
 */
const PRUNE_SLACK = 50
/** The most entries one record holds: what trimming a full storage keeps or drops at once. */
export const MAX_BATCH = 250
/**
 * What the log keeps when IndexedDB is full: it is the first thing given up for the chains (a
 * write of the log that hits the quota trims it to this and tries once more; the worker trims it
 * too when a chain's write hits it).
 */
export const LOG_KEPT_WHEN_FULL = 200

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError'
const isCloneError = (error: unknown) => error instanceof DOMException && error.name === 'DataCloneError'

const isBatch = (record: LogRecord): record is LogBatch => Array.isArray((record as LogBatch).entries)
const sizeOf = (record: LogRecord) => (isBatch(record) ? record.entries.length : 1)
/** A record's entries with their ids, oldest first. */
function entriesOf(record: LogRecord): RequestLogEntry[] {
  if (!isBatch(record)) return [record]
  return record.entries.map((entry, i) => ({ ...entry, id: record.id + i }))
}

/** Values IndexedDB cannot clone (functions, symbols) become strings rather than failing the write. */
function cloneable<T>(value: T): T {
  try {
    structuredClone(value)
    return value
  } catch {
    return String(value) as T
  }
}

function storable(entry: RequestLogEntry): RequestLogEntry {
  const stored: RequestLogEntry = { ...entry }
  delete stored.id
  if (stored.result === undefined) delete stored.result
  return stored
}

type LogStore = IDBPObjectStore<ExtensionSchema, ['log'], 'log', 'readwrite'>

export function createRequestLog(db: ExtensionDb, limit = DEFAULT_LOG_LIMIT): RequestLog {
  /** The next entry's id and the oldest record's key, read by the first write of a worker. */
  let bounds: { next: number; oldest: number } | undefined
  /** Writes, trims and clears run one at a time: each knows the ids the one before used. */
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run)
    queue = next.catch(() => undefined)
    return next
  }

  async function readBounds(store: LogStore): Promise<{ next: number; oldest: number }> {
    if (bounds) return bounds
    const newest = await store.openCursor(null, 'prev')
    const oldest = await store.openKeyCursor(null, 'next')
    return {
      next: newest ? newest.key + sizeOf(newest.value) : 0,
      oldest: oldest ? oldest.key : 0,
    }
  }

  /** Writes the entries as records of at most MAX_BATCH, dropping the oldest beyond the limit. */
  async function write(entries: RequestLogEntry[]): Promise<number> {
    const tx = db.transaction('log', 'readwrite', { durability: 'relaxed' })
    const done = tx.done
    done.catch(() => {})
    let { next, oldest } = await readBounds(tx.store)
    const first = next
    try {
      for (let at = 0; at < entries.length; at += MAX_BATCH) {
        const batch = entries.slice(at, at + MAX_BATCH)
        // Awaited through `done`: a failed put fails the transaction.
        tx.store.put({ id: next, entries: batch }).catch(() => {})
        next += batch.length
      }
    } catch (error) {
      // An uncloneable value throws at once: nothing of this write may stay.
      tx.abort()
      throw error
    }
    if (next - oldest > limit + Math.min(PRUNE_SLACK, Math.floor(limit / 2))) {
      // Every record older than the one holding the `limit`-th newest id goes, in one delete.
      const keeping = await tx.store.openKeyCursor(IDBKeyRange.upperBound(next - limit), 'prev')
      if (keeping) {
        await tx.store.delete(IDBKeyRange.upperBound(keeping.key, true))
        oldest = keeping.key
      }
    }
    await done
    bounds = { next, oldest }
    return first
  }

  /** Deletes all but the newest `keep` entries; a record that holds the boundary is cut. */
  async function prune(keep: number): Promise<void> {
    const tx = db.transaction('log', 'readwrite', { durability: 'relaxed' })
    const records = await tx.store.getAll()
    const newest = records[records.length - 1]
    const next = newest ? newest.id + sizeOf(newest) : (bounds?.next ?? 0)
    let kept = 0
    let i = records.length
    while (i > 0 && kept + sizeOf(records[i - 1]!) <= keep) kept += sizeOf(records[--i]!)
    // records[i..] are kept whole; records[i - 1] holds the boundary and keeps `keep - kept`.
    const cut = i > 0 ? records[i - 1] : undefined
    const cutKeeps = keep - kept
    // Deletes only: the storage may be full, and a transaction with a put could be refused whole.
    if (cut) await tx.store.delete(IDBKeyRange.upperBound(cut.id, cutKeeps > 0))
    await tx.done
    const oldest = records[i]?.id ?? next
    bounds = { next, oldest }
    if (cut && i === records.length && cutKeeps === 0) {
      // Nothing is kept: an empty record keeps the next id, so that a new worker does not give
      // ids again that a panel may still show. Where the storage is full and refuses even this,
      // a new worker starts the ids at 0 again.
      const marking = db.transaction('log', 'readwrite', { durability: 'relaxed' })
      try {
        marking.store.put({ id: next, entries: [] }).catch(() => {})
      } catch {
        marking.abort()
      }
      await marking.done.catch(() => undefined)
    }
    if (!cut || cutKeeps === 0) return
    // Cut in a transaction of its own, after the deletes above committed: a put can be refused
    // when the storage is full, and then the whole record goes.
    const entries = entriesOf(cut).slice(-cutKeeps)
    const firstKept = entries[0]!.id!
    try {
      const cutting = db.transaction('log', 'readwrite', { durability: 'relaxed' })
      const done = cutting.done
      done.catch(() => {})
      try {
        cutting.store.put({ id: firstKept, entries: entries.map(storable) }).catch(() => {})
        cutting.store.delete(cut.id).catch(() => {})
      } catch (error) {
        cutting.abort()
        throw error
      }
      await done
      bounds = { next, oldest: firstKept }
    } catch {
      const dropping = db.transaction('log', 'readwrite', { durability: 'relaxed' })
      await dropping.store.delete(cut.id)
      await dropping.done
      bounds = { next, oldest: records[i]?.id ?? next }
    }
  }

  /** Runs a write; when the storage is full, trims the log and tries once more. */
  async function roomy<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (!isQuotaError(error)) throw error
      await prune(LOG_KEPT_WHEN_FULL)
      return run()
    }
  }

  const log: RequestLog = {
    async addAll(entries) {
      if (entries.length === 0) return []
      await new Promise((resolve) => setTimeout(resolve, 0))
      let stored = entries.map(storable)
      const first = await serially(async () => {
        try {
          return await roomy(() => write(stored))
        } catch (error) {
          if (!isCloneError(error)) throw error
          // Cloning every entry up front to find the rare uncloneable one would cost every write.
          stored = stored.map((entry) => {
            const out = { ...entry, params: cloneable(entry.params) }
            if ('result' in out) out.result = cloneable(out.result)
            return out
          })
          return roomy(() => write(stored))
        }
      })
      return stored.map((entry, i) => ({ ...entry, id: first + i }))
    },
    async add(entry) {
      return (await log.addAll([entry]))[0] as RequestLogEntry
    },
    async list({ limit: max = 200, beforeId } = {}) {
      // Records are keyed by their first entry's id, and ids are consecutive but for the gaps of
      // failed writes: the newest `max` entries are read with getAll over key ranges ending at
      // the newest record, newest range first. A cursor walked backwards cost a round trip a
      // record (~0.1 ms each: ~0.5 s for 5,000 records of one entry).
      const store = db.transaction('log').store
      const out: RequestLogEntry[] = []
      let below = beforeId
      while (out.length < max) {
        const newest = await store.openKeyCursor(
          below === undefined ? undefined : IDBKeyRange.upperBound(below, true),
          'prev',
        )
        if (!newest) break
        const top = newest.key
        const from = Math.max(0, top - (max - out.length) + 1)
        const records = await store.getAll(IDBKeyRange.bound(from, top))
        for (let r = records.length - 1; r >= 0 && out.length < max; r--) {
          const entries = entriesOf(records[r] as LogRecord)
          for (let e = entries.length - 1; e >= 0 && out.length < max; e--) {
            const entry = entries[e] as RequestLogEntry
            if (beforeId === undefined || (entry.id as number) < beforeId) out.push(entry)
          }
        }
        below = from
        if (below === 0) break
      }
      return out
    },
    async count() {
      let total = 0
      for (const record of await db.getAll('log')) total += sizeOf(record)
      return total
    },
    clear: () => serially(() => prune(0)),
    trim: (keep) => serially(() => prune(keep)),
  }
  return log
}
