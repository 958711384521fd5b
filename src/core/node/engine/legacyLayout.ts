/**
 * Converting a chain written by the layout before block records named the head and carried the
 * bloom: its `lb:` bloom records and `meta:head` are read by nothing now, and go. Everything else
 * of that layout is this one's (trie nodes, flat state, indexes, sections), so the chain opens
 * and answers at once; the conversion only reclaims the space.
 *
 * The deletes ride on the chain's own batches, a few hundred at a time: each is atomic with the
 * block it travels with, idempotent, and found again by a scan after a restart, so a conversion
 * cut off anywhere resumes where it stopped. A chain that is never written to again keeps its
 * old records and loses nothing by it.
 */
import type { KeyValueStore, KvOperation } from '../../storage/types.js'
import { keys } from './keys.js'

/** Old records deleted per batch: ~a tenth of what a batch of 512 empty blocks writes. */
export const LEGACY_DELETES_PER_BATCH = 256

export class LegacyLayoutSweep {
  readonly #kv: KeyValueStore
  /** Set once a scan found nothing left; a restart scans once more. */
  #done = false

  constructor(kv: KeyValueStore) {
    this.#kv = kv
  }

  /** The store's records were replaced (a chain dump loaded): they may be of the old layout again. */
  restart(): void {
    this.#done = false
  }

  /** The deletes to add to the next batch (none once the conversion is complete). */
  async nextDeletes(): Promise<KvOperation[]> {
    if (this.#done) return []
    const [blooms, head] = await Promise.all([
      this.#kv.range({
        gte: keys.legacyBloomPrefix,
        lt: keys.legacyBloomEnd,
        limit: LEGACY_DELETES_PER_BATCH,
      }),
      this.#kv.get(keys.legacyHead),
    ])
    const ops: KvOperation[] = blooms.map(([key]) => ({ type: 'delete', key }))
    if (head) ops.push({ type: 'delete', key: keys.legacyHead })
    if (ops.length === 0) this.#done = true
    return ops
  }
}
