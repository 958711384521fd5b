/**
 * A bounded log of every page request (origin, network, method, params, result or error,
 * duration), kept in IndexedDB so that it survives worker restarts and browser restarts.
 *
 * An entry is written on the next task, not in the microtask that queued it: opening an
 * IndexedDB transaction costs more than an eth_call in the worker's profile, and the reply to
 * the request the entry describes is posted in between.
 */
import type { RequestLogEntry } from '../shared/protocol.js'
import type { ExtensionDb } from './db.js'

export interface RequestLog {
  add(entry: RequestLogEntry): Promise<RequestLogEntry>
  /**
   * Adds entries in one transaction, in order: while transactions arrive one after another, one
   * log transaction per request competed with each block's commit for IndexedDB.
   */
  addAll(entries: RequestLogEntry[]): Promise<RequestLogEntry[]>
  /** Newest first. */
  list(options?: { limit?: number; beforeId?: number }): Promise<RequestLogEntry[]>
  count(): Promise<number>
  clear(): Promise<void>
  /** Deletes all but the newest `keep` entries (to free space when the storage is full). */
  trim(keep: number): Promise<void>
}

export const DEFAULT_LOG_LIMIT = 5000
/** Pruning runs every this many additions, not on each one, to keep writes to one transaction. */
const PRUNE_EVERY = 50
/**
 * What the log keeps when IndexedDB is full: it is the first thing given up for the chains (a
 * write of the log that hits the quota trims it to this and tries once more; the worker trims it
 * too when a chain's write hits it).
 */
export const LOG_KEPT_WHEN_FULL = 200

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError'

/** Values IndexedDB cannot clone (functions, symbols) become strings rather than failing the write. */
function cloneable<T>(value: T): T {
  try {
    structuredClone(value)
    return value
  } catch {
    return String(value) as T
  }
}

export function createRequestLog(db: ExtensionDb, limit = DEFAULT_LOG_LIMIT): RequestLog {
  let additions = 0

  /** Deletes the oldest entries beyond `keep` with one range delete, not one request per entry. */
  async function prune(keep = limit): Promise<void> {
    const tx = db.transaction('log', 'readwrite', { durability: 'relaxed' })
    const excess = (await tx.store.count()) - keep
    if (excess > 0) {
      const oldest = await tx.store.getAllKeys(null, excess)
      const last = oldest[oldest.length - 1]
      if (last !== undefined) await tx.store.delete(IDBKeyRange.upperBound(last))
    }
    await tx.done
  }

  async function put(stored: RequestLogEntry): Promise<number> {
    // The log is diagnostics: relaxed durability, like the chains (a completed write survives
    // the worker being killed; only an OS crash could lose the newest entries).
    const tx = db.transaction('log', 'readwrite', { durability: 'relaxed' })
    const id = tx.store.add(stored)
    // Awaited below: a failed transaction rejects both, and `done` reports it first.
    id.catch(() => {})
    await tx.done
    return id
  }

  function storable(entry: RequestLogEntry): RequestLogEntry {
    const stored: RequestLogEntry = { ...entry }
    delete stored.id
    if (stored.result === undefined) delete stored.result
    return stored
  }

  async function putAll(entries: RequestLogEntry[]): Promise<number[]> {
    const tx = db.transaction('log', 'readwrite', { durability: 'relaxed' })
    const ids: Promise<number>[] = []
    try {
      for (const entry of entries) {
        const id = tx.store.add(entry)
        // Awaited below; an aborted or failed transaction rejects each of them as well.
        id.catch(() => {})
        ids.push(id)
      }
    } catch (error) {
      // An uncloneable value throws at once, after the entries before it were queued: abort, so
      // that the caller's retry does not write those twice.
      tx.abort()
      tx.done.catch(() => {})
      throw error
    }
    await tx.done
    return Promise.all(ids)
  }

  /** Runs a write; when the storage is full, trims the log and tries once more. */
  async function roomy<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (!isQuotaError(error)) throw error
      await prune(LOG_KEPT_WHEN_FULL)
      return write()
    }
  }

  const log: RequestLog = {
    async addAll(entries) {
      if (entries.length === 1) return [await log.add(entries[0] as RequestLogEntry)]
      await new Promise((resolve) => setTimeout(resolve, 0))
      const stored = entries.map(storable)
      let ids: number[]
      try {
        ids = await roomy(() => putAll(stored))
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'DataCloneError')) throw error
        // One entry could not be cloned (and nothing was written): each goes alone, as in `add`.
        const out: RequestLogEntry[] = []
        for (const entry of entries) out.push(await log.add(entry))
        return out
      }
      const before = additions
      additions += entries.length
      if (Math.floor(before / PRUNE_EVERY) !== Math.floor(additions / PRUNE_EVERY) || before === 0)
        await prune()
      return stored.map((entry, i) => ({ ...entry, id: ids[i] as number }))
    },
    async add(entry) {
      await new Promise((resolve) => setTimeout(resolve, 0))
      let stored = storable(entry)
      let id: number
      try {
        id = await roomy(() => put(stored))
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'DataCloneError')) throw error
        // Cloning every entry up front to find the rare uncloneable one would cost every request.
        stored = { ...stored, params: cloneable(stored.params) }
        if ('result' in stored) stored.result = cloneable(stored.result)
        id = await put(stored)
      }
      // Also on the first addition of each worker lifetime: a worker that restarts often may never reach PRUNE_EVERY.
      if (++additions % PRUNE_EVERY === 1) await prune()
      return { ...stored, id }
    },
    async list({ limit: max = 200, beforeId } = {}) {
      // Ids are consecutive but for the gaps of failed writes: the newest `max` entries are read
      // with getAll over id ranges ending at the newest one, newest range first. A cursor walked
      // backwards cost a round trip an entry (~0.1 ms each: ~0.5 s for the panel's 5,000).
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
        const wanted = max - out.length
        const chunk = await store.getAll(IDBKeyRange.bound(Math.max(0, top - wanted + 1), top))
        for (let i = chunk.length - 1; i >= 0; i--) out.push(chunk[i] as RequestLogEntry)
        below = Math.max(0, top - wanted + 1)
        if (below === 0) break
      }
      return out
    },
    count: () => db.count('log'),
    clear: () => db.clear('log'),
    trim: (keep) => prune(keep),
  }
  return log
}
