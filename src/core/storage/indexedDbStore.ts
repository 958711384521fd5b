/**
 * `KeyValueStore` over IndexedDB. The `IDBFactory` (and `IDBKeyRange`) are parameters, never
 * globals, so the same code runs in the service worker, a page, and Node tests on
 * fake-indexeddb. One database per network: the `kv` object store (string keys, Uint8Array
 * values) and the `journal` that acknowledges batches (batchJournal.ts).
 *
 * Durability: a batch resolves only when the IndexedDB transaction holding its journal record
 * has completed, so a block commit that resolved survives the worker being killed the next
 * instant. Its puts and deletes reach `kv` later (compaction, in a transaction of their own that
 * does not touch `journal`, so the next batch's commit does not wait for it); until then reads
 * are served from the journal's layers in memory. Opening the database loads a journal left by a
 * worker that stopped before compacting back into layers; applying a record twice is harmless, so
 * a compaction that committed before its records were deleted loses nothing.
 *
 * Group commit: while one journal transaction is in flight, the batches that arrive are queued and
 * then written together as one record, each caller still waiting for that transaction's
 * `complete`. A merged transaction that fails is retried batch by batch, so one bad batch never
 * takes the others down with it.
 *
 * Raw IndexedDB requests rather than a promise wrapper: only the transaction's outcome is awaited.
 */
import {
  type JournalLayer,
  JournalLayers,
  joinPacked,
  mergeLayers,
  packOperations,
  standaloneBytes,
} from './batchJournal.js'
import { asStorageError } from './storageErrors.js'
import type { KeyValueStore, KvOperation, KvRange } from './types.js'
import { validateOperations } from './validate.js'

/**
 * Batches (blocks) written to `kv` per compaction transaction: ~400 puts, ~10 ms of the worker's
 * time, short enough not to hold up a request that arrives meanwhile.
 */
const COMPACTION_CHUNK = 32
const KV = 'kv'
const JOURNAL = 'journal'
/** 2 added the journal; a version-1 database keeps its `kv` and gains an empty journal. */
const SCHEMA_VERSION = 2

export interface CreateIndexedDbStoreParameters {
  /** The IndexedDB factory: `self.indexedDB` in a worker, `new IDBFactory()` from fake-indexeddb in Node. */
  indexedDB: IDBFactory
  /** Database name, e.g. `rsk-devnode/testnet`. */
  name: string
  /** The matching key-range constructor; defaults to the global `IDBKeyRange`. */
  keyRange?: typeof IDBKeyRange
  /** Transaction durability hint for writes; `strict` flushes before completing. */
  durability?: IDBTransactionDurability
  /**
   * When to apply acknowledged batches to the `kv` object store: called after each commit, and
   * after each compaction chunk that left batches behind, with the number of batches waiting.
   * `draining` is set when no batch arrived while that chunk ran: the writes have paused, so the
   * rest can follow at once. `run` may be called any number of times. The worker waits for a
   * pause in the writes (quietScheduler in src/background); without it, compaction starts as soon
   * as a journal record committed.
   */
  scheduleCompaction?: (run: () => void, waiting: number, draining?: boolean) => void
}

function toKeyRange(keyRange: typeof IDBKeyRange, { gte, lt }: KvRange): IDBKeyRange | null | 'empty' {
  if (gte !== undefined && lt !== undefined) {
    if (!(gte < lt)) return 'empty'
    return keyRange.bound(gte, lt, false, true)
  }
  if (gte !== undefined) return keyRange.lowerBound(gte)
  if (lt !== undefined) return keyRange.upperBound(lt, true)
  return null
}

function asBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value
  // Structured clone across realms can hand back a Uint8Array from another global.
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
  throw new Error('the store holds a value that is not bytes')
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(asStorageError(tx.error ?? new Error('the IndexedDB transaction was aborted')))
  })
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, SCHEMA_VERSION)
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(KV)) db.createObjectStore(KV)
      if (!db.objectStoreNames.contains(JOURNAL)) db.createObjectStore(JOURNAL)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error(`IndexedDB database ${name} is blocked by another connection`))
  })
}

/** Applies `entries` to `kv` (puts and deletes, in one transaction already open). */
function applyEntries(kv: IDBObjectStore, entries: Iterable<[string, Uint8Array | null]>): void {
  for (const [key, value] of entries) {
    if (value === null) kv.delete(key)
    // Layer values are views into their journal record: each is stored as its own buffer.
    else kv.put(standaloneBytes(value), key)
  }
}

/**
 * A journal left by a worker that stopped before compacting becomes layers again, oldest first;
 * they are compacted like any others. Cheaper at start-up than writing them out first.
 */
async function loadJournal(db: IDBDatabase, layers: JournalLayers): Promise<void> {
  const journal = db.transaction(JOURNAL, 'readonly').objectStore(JOURNAL)
  const [seqs, records] = await Promise.all([
    requestResult(journal.getAllKeys()),
    requestResult(journal.getAll()),
  ])
  for (let i = 0; i < seqs.length; i++) layers.addCommitted(seqs[i] as number, asBytes(records[i]))
}

/** Batches (each packed as a record) written in one journal transaction, and their callers. */
interface Group {
  batches: Uint8Array[]
  layers: JournalLayer[]
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>
}

export async function createIndexedDbStore({
  indexedDB: factory,
  name,
  keyRange = globalThis.IDBKeyRange,
  durability = 'strict',
  scheduleCompaction = (run) => run(),
}: CreateIndexedDbStoreParameters): Promise<KeyValueStore> {
  if (!keyRange) throw new Error('IDBKeyRange is not available here: pass keyRange with the IDBFactory')
  const db = await openDatabase(factory, name)
  const layers = new JournalLayers(1)
  await loadJournal(db, layers)
  /** The journal transaction being committed, if any. */
  let inFlight: Promise<void> | null = null
  /** Batches waiting for `inFlight` to finish. */
  let queued: Group | null = null
  /** Journal records up to this sequence number are in `kv` and can be deleted. */
  let compactedSeq = 0
  let deletedSeq = 0
  let compaction: Promise<void> | null = null
  let closed = false
  /** Batches issued so far: tells a compaction whether writes arrived while it ran. */
  let writes = 0

  /**
   * Writes packed batches as journal record `seq` (none without `seq`), deleting the records already
   * compacted in the same transaction; resolves on `complete`, rejects on error or abort.
   */
  function commit(records: readonly Uint8Array[], seq?: number): Promise<void> {
    let tx: IDBTransaction
    try {
      tx = db.transaction(JOURNAL, 'readwrite', { durability })
    } catch (e) {
      return Promise.reject(e)
    }
    const done = transactionDone(tx)
    const journal = tx.objectStore(JOURNAL)
    // Records already compacted go in the same transaction: one request, not one commit.
    const deleting = compactedSeq > deletedSeq ? compactedSeq : 0
    try {
      if (deleting) journal.delete(keyRange.upperBound(deleting))
      if (seq !== undefined) journal.put(joinPacked(records), seq)
    } catch (e) {
      tx.abort()
      return done.catch(() => Promise.reject(asStorageError(e)))
    }
    return done.then(() => {
      if (deleting > deletedSeq) deletedSeq = deleting
    })
  }

  async function commitGroup(group: Group): Promise<void> {
    try {
      await commit(group.batches, (group.layers.at(-1) as JournalLayer).seq)
      for (const layer of group.layers) layer.committed = true
      for (const w of group.waiters) w.resolve()
    } catch (error) {
      if (group.batches.length === 1) {
        layers.discard(group.layers[0] as JournalLayer)
        group.waiters[0]?.reject(error)
        return
      }
      // Find out whose batch failed: each gets the outcome of its own transaction.
      for (let i = 0; i < group.batches.length; i++) {
        const layer = group.layers[i] as JournalLayer
        const waiter = group.waiters[i]
        await commit([group.batches[i] as Uint8Array], layer.seq).then(
          () => {
            layer.committed = true
            waiter?.resolve()
          },
          (e) => {
            layers.discard(layer)
            waiter?.reject(e)
          },
        )
      }
    }
    requestCompaction()
  }

  /** Starts the queued group now (IndexedDB orders it after the transaction in flight). */
  function startQueued(): void {
    const group = queued
    if (!group) return
    queued = null
    const run: Promise<void> = commitGroup(group).finally(() => {
      if (inFlight === run) inFlight = null
      startQueued()
    })
    inFlight = run
  }

  /** Queues `operations` for the next journal record; `commitNow` starts it if none is in flight. */
  function write(operations: readonly KvOperation[], commitNow = true): Promise<void> {
    return new Promise((resolve, reject) => {
      validateOperations(operations)
      writes++
      queued ??= { batches: [], layers: [], waiters: [] }
      // Packed now (the record holds the only copy of the values), committed with its group.
      const packed = packOperations([operations])
      queued.batches.push(packed)
      // Visible to reads from now on, as a later IndexedDB read would see the write.
      queued.layers.push(layers.addPacked(packed))
      queued.waiters.push({ resolve, reject })
      if (commitNow && !inFlight) startQueued()
    })
  }

  /**
   * Writes the committed layers into `kv`; they leave memory once that transaction completed.
   * `final` (at close, nothing else in flight) also empties the journal in the same transaction.
   */
  function compact(final = false): Promise<void> {
    // One transaction holds at most COMPACTION_CHUNK batches (the rest follow on later tasks):
    // a transaction of thousands of puts would hold the worker, and IndexedDB, for too long.
    const done = layers.committedPrefix(final ? Number.POSITIVE_INFINITY : COMPACTION_CHUNK)
    if (done.length === 0 && !(final && compactedSeq > deletedSeq)) return Promise.resolve()
    let tx: IDBTransaction
    try {
      tx = db.transaction(final ? [KV, JOURNAL] : KV, 'readwrite', { durability })
    } catch (e) {
      return Promise.reject(e)
    }
    const finished = transactionDone(tx)
    try {
      applyEntries(tx.objectStore(KV), mergeLayers(done))
      if (final) tx.objectStore(JOURNAL).clear()
    } catch (e) {
      // Nothing of it lands: the layers stay in memory and their records in the journal.
      tx.abort()
      return finished.catch(() => Promise.reject(e))
    }
    return finished.then(() => {
      layers.dropCompacted(done)
      if (done.length > 0) compactedSeq = (done.at(-1) as JournalLayer).seq
      if (final) deletedSeq = compactedSeq
    })
  }

  function runCompaction(): void {
    if (compaction || closed) return
    const writesBefore = writes
    let succeeded = false
    compaction = compact()
      .then(() => {
        succeeded = true
      })
      // A failed compaction keeps its layers (and journal records): the next one retries them,
      // after the next pause rather than at once.
      .catch(() => {})
      .finally(() => {
        compaction = null
        // Batches committed while this one ran, or beyond this chunk.
        if (layers.committedPrefix().length > 0) requestCompaction(succeeded && writes === writesBefore)
        // No batch is coming to take the delete of the compacted records along: delete them now,
        // or a worker that stops during the pause reads them all back at its next start. A failure
        // leaves them for the next batch's transaction, or the next start.
        if (!inFlight && !queued && !closed && compactedSeq > deletedSeq) commit([]).catch(() => {})
      })
  }

  function requestCompaction(draining = false): void {
    if (!closed) scheduleCompaction(runCompaction, layers.size, draining)
  }

  if (layers.size > 0) requestCompaction()

  const kvStore = (): IDBObjectStore => db.transaction(KV, 'readonly').objectStore(KV)

  return {
    async get(key) {
      const journaled = layers.lookup(key)
      if (journaled !== undefined) return journaled === null ? undefined : journaled.slice()
      const value = await requestResult(kvStore().get(key))
      return value === undefined ? undefined : asBytes(value)
    },
    put: (key, value) => write([{ type: 'put', key, value }]),
    delete: (key) => write([{ type: 'delete', key }]),
    async range(range) {
      const query = toKeyRange(keyRange, range)
      const limit = range.limit
      if (query === 'empty' || limit === 0) return []
      // Both read now: the journal's layers and a transaction that sees every compaction so far.
      const journaled = layers.inRange(range.gte, range.lt)
      const store = kvStore()
      // A journaled delete can hide a stored row: ask for that many more. A journaled put only
      // replaces a row's value or adds a row, which the merge puts in its place. (Asking for one
      // more row per journaled key made the head's read, one row, walk ~500 block records when a
      // stopped worker left that many blocks in its journal.)
      let deletes = 0
      if (limit !== undefined) for (const value of journaled.values()) if (value === null) deletes++
      const fetch = limit === undefined ? undefined : limit + deletes
      let rows: Array<[string, Uint8Array]>
      if (!range.reverse) {
        // getAllKeys + getAll in one transaction see the same snapshot and beat a cursor walk.
        const [keys, values] = await Promise.all([
          requestResult(store.getAllKeys(query, fetch)),
          requestResult(store.getAll(query, fetch)),
        ])
        rows = keys.map((key, i) => [key as string, asBytes(values[i])])
      } else {
        rows = await new Promise((resolve, reject) => {
          const out: Array<[string, Uint8Array]> = []
          const request = store.openCursor(query, 'prev')
          request.onerror = () => reject(request.error)
          request.onsuccess = () => {
            const cursor = request.result
            if (!cursor || (fetch !== undefined && out.length >= fetch)) return resolve(out)
            out.push([cursor.key as string, asBytes(cursor.value)])
            cursor.continue()
          }
        })
      }
      if (journaled.size === 0) return rows
      return mergeRows(rows, journaled, range.reverse === true, limit)
    },
    batch: (operations) => write(operations),
    stage: (operations) => write(operations, false),
    async close() {
      // Writes already issued are committed, and compacted, before the connection goes away.
      startQueued()
      while (inFlight) await inFlight.catch(() => {})
      while (compaction) await compaction
      closed = true
      await compact(true).catch(() => {})
      db.close()
    },
  }
}

/** Stored rows overlaid with journaled keys, in order, cut to `limit`. */
function mergeRows(
  rows: Array<[string, Uint8Array]>,
  journaled: Map<string, Uint8Array | null>,
  reverse: boolean,
  limit: number | undefined,
): Array<[string, Uint8Array]> {
  const merged = new Map<string, Uint8Array>()
  for (const [key, value] of rows) if (!journaled.has(key)) merged.set(key, value)
  for (const [key, value] of journaled) if (value !== null) merged.set(key, value.slice())
  const out = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (reverse) out.reverse()
  return limit === undefined ? out : out.slice(0, limit)
}
