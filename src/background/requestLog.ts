/**
 * A bounded log of every page request (origin, network, method, params, result or error,
 * duration), kept in IndexedDB so that it survives worker restarts and browser restarts.
 */
import type { RequestLogEntry } from '../shared/protocol.js'
import type { ExtensionDb } from './db.js'

export interface RequestLog {
  add(entry: RequestLogEntry): Promise<RequestLogEntry>
  /** Newest first. */
  list(options?: { limit?: number; beforeId?: number }): Promise<RequestLogEntry[]>
  count(): Promise<number>
  clear(): Promise<void>
}

export const DEFAULT_LOG_LIMIT = 5000
/** Pruning runs every this many additions, not on each one, to keep writes to one transaction. */
const PRUNE_EVERY = 50

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

  async function prune(): Promise<void> {
    const tx = db.transaction('log', 'readwrite')
    const excess = (await tx.store.count()) - limit
    if (excess > 0) {
      let cursor = await tx.store.openCursor()
      for (let i = 0; i < excess && cursor; i++) {
        await cursor.delete()
        cursor = await cursor.continue()
      }
    }
    await tx.done
  }

  return {
    async add(entry) {
      const stored: RequestLogEntry = {
        ...entry,
        params: cloneable(entry.params),
        result: cloneable(entry.result),
      }
      delete stored.id
      if (stored.result === undefined) delete stored.result
      const id = await db.add('log', stored)
      // Also on the first addition of each worker lifetime: a worker that restarts often may never reach PRUNE_EVERY.
      if (++additions % PRUNE_EVERY === 1) await prune()
      return { ...stored, id }
    },
    async list({ limit: max = 200, beforeId } = {}) {
      const range = beforeId === undefined ? undefined : IDBKeyRange.upperBound(beforeId, true)
      const out: RequestLogEntry[] = []
      let cursor = await db.transaction('log').store.openCursor(range, 'prev')
      while (cursor && out.length < max) {
        out.push(cursor.value)
        cursor = await cursor.continue()
      }
      return out
    },
    count: () => db.count('log'),
    clear: () => db.clear('log'),
  }
}
