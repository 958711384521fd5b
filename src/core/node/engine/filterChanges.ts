/**
 * What `eth_getFilterChanges` and `eth_getFilterLogs` return, computed from the chain at poll
 * time (filters store only a cursor; see `FilterRegistry`).
 */
import type { BlockBound, FilterKind, FilterRecord, LogFilterSpec } from '../../filters/filterRegistry.js'
import type { BlockSpecifier } from '../../rpc/blockParams.js'
import type { LogForWire } from '../../rpc/dto/receiptDto.js'
import { queryLogs } from '../logQuery.js'
import type { Engine } from './engine.js'
import { resolveLogRange } from './filterQueries.js'

export type FilterChanges = { kind: 'log'; logs: LogForWire[] } | { kind: 'hashes'; hashes: Uint8Array[] }

function toSpecifier(bound: BlockBound): BlockSpecifier {
  return typeof bound === 'bigint' ? { kind: 'number', number: bound } : { kind: 'tag', tag: bound }
}

export async function installFilter(
  engine: Engine,
  kind: FilterKind,
  log?: LogFilterSpec,
  origin?: string,
): Promise<FilterRecord<LogForWire>> {
  const record = engine.filters.install(
    kind,
    { cursorBlock: engine.head.header.number, cursorSeq: engine.arrivals.lastSeq },
    log,
    origin,
  )
  await engine.saveFilters()
  return record
}

export async function uninstallFilter(engine: Engine, id: string): Promise<boolean> {
  const removed = engine.filters.uninstall(id)
  if (removed) await engine.saveFilters()
  return removed
}

/** Entries since the last poll; advances the filter's cursor. */
export async function filterChanges(engine: Engine, id: string): Promise<FilterChanges> {
  const filter = engine.filters.touch(id)
  const head = engine.head.header.number
  let result: FilterChanges
  if (filter.kind === 'block') {
    const hashes: Uint8Array[] = []
    for (let n = filter.cursorBlock + 1n; n <= head; n++) {
      const block = await engine.reader.blockByNumber(n)
      if (block) hashes.push(block.hash)
    }
    filter.cursorBlock = head
    result = { kind: 'hashes', hashes }
  } else if (filter.kind === 'pendingTransaction') {
    result = { kind: 'hashes', hashes: engine.arrivals.since(filter.cursorSeq) }
    filter.cursorSeq = engine.arrivals.lastSeq
    // Where a reopened node resumes this filter's arrivals (`resumeArrivals` below).
    filter.cursorBlock = head
  } else {
    const logs = filter.removedLogs.splice(0)
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
    filter.cursorBlock = head
    result = { kind: 'log', logs }
  }
  await engine.saveFilters()
  return result
}

/** Every log a log filter matches now. */
export async function filterLogs(
  engine: Engine,
  id: string,
  limits: Engine['unlimitedLogs'],
): Promise<LogForWire[]> {
  const filter = engine.filters.touch(id)
  await engine.saveFilters()
  if (filter.kind !== 'log' || !filter.log) return []
  const spec = filter.log
  const range = await resolveLogRange(engine, {
    fromBlock: toSpecifier(spec.fromBlock),
    toBlock: toSpecifier(spec.toBlock),
  })
  if (!range) return []
  return queryLogs(engine.reader, { ...range, criteria: spec.criteria }, limits)
}

/** How many recent blocks a reopened node announces again to pending-transaction filters. */
const RESUMED_BLOCKS = 1024n

/**
 * Pending-transaction filters saved by an earlier run of the node count arrivals that were only
 * in its memory. At open, new arrivals are numbered after their cursors, and the transactions of
 * the blocks mined since the oldest such filter's last poll (at most the last 1,024 blocks)
 * arrive again, as the restored pool's do: a filter reports them at least once, never loses them.
 */
export async function resumeArrivals(engine: Engine): Promise<void> {
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
    // The last transaction of every block is REMASC's, which never was pending.
    for (const tx of block?.transactions.slice(0, -1) ?? []) engine.arrivals.add(tx.hash)
  }
}
