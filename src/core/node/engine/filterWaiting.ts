/**
 * What a poll of a filter returns at a given head, read without changing the filter: the poll
 * itself (`filterChanges.ts`) and the panel's count of entries waiting both use it. It reads only
 * the chain, the arrivals and the log limits, so the engine can offer the count without a circle.
 */
import type { FilterRecord } from '../../filters/filterRegistry.js'
import { type LogLimitPolicy, queryLogs } from '../logQuery.js'
import type { Arrivals } from './arrivals.js'
import type { ChainReader } from './chainReader.js'
import type { LogView } from './views.js'

export type FilterChanges = { kind: 'log'; logs: LogView[] } | { kind: 'hashes'; hashes: Uint8Array[] }

/** What a poll reads of the engine. */
export interface ChangesHost {
  head: { header: { number: bigint } }
  reader: ChainReader
  arrivals: Pick<Arrivals, 'since'>
  unlimitedLogs: LogLimitPolicy
}

/**
 * How many entries `eth_getFilterChanges` would return now (for the panel), without polling:
 * neither the cursor nor the filter's idle time moves.
 */
export async function waitingChanges(engine: ChangesHost, filter: FilterRecord<LogView>): Promise<number> {
  const changes = await changesSince(engine, filter, engine.head.header.number)
  return changes.kind === 'log' ? changes.logs.length : changes.hashes.length
}

/** What a poll at `head` returns; reads the filter without changing it. */
export async function changesSince(
  engine: ChangesHost,
  filter: FilterRecord<LogView>,
  head: bigint,
): Promise<FilterChanges> {
  if (filter.kind === 'block') {
    const hashes: Uint8Array[] = []
    for (let n = filter.cursorBlock + 1n; n <= head; n++) {
      const block = await engine.reader.blockByNumber(n)
      if (block) hashes.push(block.hash)
    }
    return { kind: 'hashes', hashes }
  }
  if (filter.kind === 'pendingTransaction')
    return { kind: 'hashes', hashes: engine.arrivals.since(filter.cursorSeq) }
  const logs = filter.removedLogs.slice()
  const spec = filter.log!
  // A poll covers the blocks after the cursor; an explicit numeric fromBlock can start later.
  const next = filter.cursorBlock + 1n
  const from = typeof spec.fromBlock === 'bigint' && spec.fromBlock > next ? spec.fromBlock : next
  // `latest` bounds follow the head: a filter made at block 5 sees every later block.
  const to = typeof spec.toBlock === 'bigint' && spec.toBlock < head ? spec.toBlock : head
  if (from <= to)
    logs.push(
      ...(await queryLogs(engine.reader, { from, to, criteria: spec.criteria }, engine.unlimitedLogs)),
    )
  return { kind: 'log', logs }
}
