/**
 * Recent pending-transaction arrivals, for `eth_newPendingTransactionFilter` and
 * `newPendingTransactions` subscriptions. Kept apart from the pool because under automine a
 * transaction leaves the pool before any poll could see it there.
 */
const MAX_ARRIVALS = 10_000

export class Arrivals {
  #entries: Array<{ seq: number; hash: Uint8Array }> = []
  #seq = 0

  get lastSeq(): number {
    return this.#seq
  }

  /**
   * Numbers the next arrivals after `seq`: filter cursors saved by an earlier run of the node
   * count from that run's arrivals, and a new arrival must lie beyond them to be reported.
   */
  continueAfter(seq: number): void {
    if (seq > this.#seq) this.#seq = seq
  }

  add(hash: Uint8Array): void {
    this.#entries.push({ seq: ++this.#seq, hash })
    if (this.#entries.length > MAX_ARRIVALS) this.#entries.splice(0, this.#entries.length - MAX_ARRIVALS)
  }

  since(seq: number): Uint8Array[] {
    return this.#entries.filter((e) => e.seq > seq).map((e) => e.hash)
  }
}
