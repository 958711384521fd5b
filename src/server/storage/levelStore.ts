/**
 * The on-disk `KeyValueStore` of the HTTP server: LevelDB through `classic-level`.
 *
 * Why LevelDB: ordered keys with native gte/lt/reverse/limit iteration (exactly the contract's
 * `range`), write batches that are atomic by construction (one checksummed record in the
 * write-ahead log, replayed whole or dropped on recovery), and `classic-level` ships prebuilt
 * N-API binaries inside its npm package, so `npm install` neither compiles nor downloads.
 */
import { ClassicLevel } from 'classic-level'
import type { KeyValueStore, KvOperation, KvRange } from '../../core/storage/types.js'
import { decodeKey, encodeKey } from './orderedKeys.js'

export interface OpenLevelStoreParameters {
  /** Directory of the database; created when missing. */
  path: string
  /**
   * fsync every write before it resolves (default false). Without it a write is still handed to
   * the operating system before it resolves (LevelDB flushes its log per write), so a killed
   * process loses nothing and a batch is applied whole or not at all; only a power loss or OS
   * crash can drop the last writes, and the database then reopens on an earlier consistent state.
   * With it every committed block waits for the disk (~10 ms here), which caps blocks per second.
   */
  sync?: boolean
}

type Db = ClassicLevel<Uint8Array, Uint8Array>

/** Buffer is a Uint8Array subclass; hand out plain views so callers see the type they stored. */
function asPlainBytes(value: Uint8Array): Uint8Array {
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
}

export async function openLevelStore({
  path,
  sync = false,
}: OpenLevelStoreParameters): Promise<KeyValueStore> {
  const db: Db = new ClassicLevel<Uint8Array, Uint8Array>(path, {
    keyEncoding: 'view',
    valueEncoding: 'view',
  })
  await db.open()
  const writeOptions = { sync }

  return {
    async get(key) {
      const value = await db.get(encodeKey(key))
      return value === undefined ? undefined : asPlainBytes(value)
    },
    async put(key, value) {
      await db.put(encodeKey(key), value, writeOptions)
    },
    async delete(key) {
      await db.del(encodeKey(key), writeOptions)
    },
    async range(range: KvRange) {
      const entries = await db
        .iterator({
          ...(range.gte !== undefined ? { gte: encodeKey(range.gte) } : {}),
          ...(range.lt !== undefined ? { lt: encodeKey(range.lt) } : {}),
          reverse: range.reverse === true,
          limit: range.limit ?? -1,
        })
        .all()
      return entries.map(([key, value]): [string, Uint8Array] => [decodeKey(key), asPlainBytes(value)])
    },
    async batch(operations: KvOperation[]) {
      if (operations.length === 0) return
      await db.batch(
        operations.map((op) =>
          op.type === 'put'
            ? { type: 'put' as const, key: encodeKey(op.key), value: op.value }
            : { type: 'del' as const, key: encodeKey(op.key) },
        ),
        writeOptions,
      )
    },
    async close() {
      // Idempotent: the node closes the store it owns, and the server closes it again on shutdown.
      if (db.status === 'open' || db.status === 'opening') await db.close()
    },
  }
}
