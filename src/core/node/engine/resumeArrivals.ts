/**
 * Pending-transaction filters across a reopening. Saved filters count arrivals that were only in
 * the memory of the node's earlier run; at open, new arrivals are numbered after their cursors, and
 * the transactions of the blocks mined since the oldest such filter's last poll (at most the last
 * 1,024 blocks) arrive again, as the restored pool's do: a filter reports them at least once and
 * never loses one.
 */
import { userTransactionCount } from '../../chain/block.js'
import type { FilterRegistry } from '../../filters/filterRegistry.js'
import type { Arrivals } from './arrivals.js'
import type { ChainReader } from './chainReader.js'

/** How many recent blocks a reopened node announces again to pending-transaction filters. */
const RESUMED_BLOCKS = 1024n

/** What resuming reads of the engine. */
export interface ResumeArrivalsHost<L> {
  filters: FilterRegistry<L>
  arrivals: Arrivals
  head: { header: { number: bigint } }
  reader: Pick<ChainReader, 'blockByNumber'>
}

export async function resumeArrivals<L>(engine: ResumeArrivalsHost<L>): Promise<void> {
  engine.filters.expireIdle()
  const pending = engine.filters.list().filter((f) => f.kind === 'pendingTransaction')
  if (pending.length === 0) return
  engine.arrivals.continueAfter(Math.max(...pending.map((f) => f.cursorSeq)))
  const head = engine.head.header.number
  let from = head + 1n
  for (const filter of pending) if (filter.cursorBlock + 1n < from) from = filter.cursorBlock + 1n
  const floor = head - RESUMED_BLOCKS + 1n
  if (from < floor) from = floor
  for (let n = from > 1n ? from : 1n; n <= head; n++) {
    const block = await engine.reader.blockByNumber(n)
    if (block === undefined) continue
    // REMASC's transaction, when the block has one, never was pending.
    const users = block.transactions.slice(0, userTransactionCount(block.transactions))
    for (const tx of users) engine.arrivals.add(tx.hash)
  }
}
