/**
 * Installed filters (`eth_newFilter`, `eth_newBlockFilter`, `eth_newPendingTransactionFilter`).
 *
 * A filter stores where its last poll stopped (a block number, or the mempool's arrival
 * sequence), not the events themselves: changes are computed from the chain when polled, so a
 * filter costs nothing per block and survives restarts with one small record. Logs removed by a
 * snapshot revert are the exception — the blocks that held them are gone — so they are kept on
 * the filter until its next poll. A filter not polled for five minutes expires, as in RSKj.
 */
import type { Clock } from '../clock/clock.js'
import { bytesToHex } from '../util/hex.js'
import { UnknownFilterError } from './errors.js'
import type { LogCriteria } from './logMatch.js'

export type FilterKind = 'log' | 'block' | 'pendingTransaction'

/** A block bound as the user gave it: a number or a tag resolved at query time. */
export type BlockBound = bigint | 'latest' | 'earliest' | 'pending'

export interface LogFilterSpec {
  fromBlock: BlockBound
  toBlock: BlockBound
  criteria: LogCriteria
}

export interface FilterRecord<RemovedLog = unknown> {
  id: string
  kind: FilterKind
  log?: LogFilterSpec
  /** Origin of the page or app that installed it (for the DevTools panel). */
  origin?: string
  createdAt: number
  lastPollAt: number
  /** Last block number already reported. */
  cursorBlock: bigint
  /** Last mempool arrival already reported. */
  cursorSeq: number
  /** Logs of reverted blocks waiting to be reported with `removed: true`. */
  removedLogs: RemovedLog[]
}

/** RSKj FilterManager: filters not accessed for 5 minutes are removed. */
export const FILTER_IDLE_TIMEOUT_MS = 5 * 60 * 1000

export class FilterRegistry<RemovedLog = unknown> {
  readonly #filters = new Map<string, FilterRecord<RemovedLog>>()
  readonly #clock: Clock
  readonly #random: (length: number) => Uint8Array

  constructor(clock: Clock, random: (length: number) => Uint8Array) {
    this.#clock = clock
    this.#random = random
  }

  /** Ids look like RSKj's: `0x` + hex of a random UUID's ASCII text (72 hex digits). */
  #newId(): string {
    const b = this.#random(16)
    b[6] = (b[6]! & 0x0f) | 0x40
    b[8] = (b[8]! & 0x3f) | 0x80
    const h = bytesToHex(b).slice(2)
    const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
    return bytesToHex(new TextEncoder().encode(uuid))
  }

  install(
    kind: FilterKind,
    start: { cursorBlock: bigint; cursorSeq: number },
    log?: LogFilterSpec,
    origin?: string,
  ): FilterRecord<RemovedLog> {
    this.expireIdle()
    const now = this.#clock.now()
    const record: FilterRecord<RemovedLog> = {
      id: this.#newId(),
      kind,
      log,
      origin,
      createdAt: now,
      lastPollAt: now,
      cursorBlock: start.cursorBlock,
      cursorSeq: start.cursorSeq,
      removedLogs: [],
    }
    this.#filters.set(record.id, record)
    return record
  }

  /** The filter, marked as polled now; throws `filter not found` for unknown or expired ids. */
  touch(id: string): FilterRecord<RemovedLog> {
    this.expireIdle()
    const record = this.#filters.get(id.toLowerCase())
    if (!record) throw new UnknownFilterError(id)
    record.lastPollAt = this.#clock.now()
    return record
  }

  uninstall(id: string): boolean {
    this.expireIdle()
    return this.#filters.delete(id.toLowerCase())
  }

  /** Removes filters idle for longer than the timeout; returns their ids. */
  expireIdle(): string[] {
    const now = this.#clock.now()
    const expired: string[] = []
    for (const [id, record] of this.#filters) {
      if (now - record.lastPollAt > FILTER_IDLE_TIMEOUT_MS) {
        this.#filters.delete(id)
        expired.push(id)
      }
    }
    return expired
  }

  list(): FilterRecord<RemovedLog>[] {
    return [...this.#filters.values()]
  }

  /** Replaces the whole set (restoring from storage, or after a reset). */
  load(records: FilterRecord<RemovedLog>[]): void {
    this.#filters.clear()
    for (const r of records) this.#filters.set(r.id, r)
  }

  clear(): void {
    this.#filters.clear()
  }
}
