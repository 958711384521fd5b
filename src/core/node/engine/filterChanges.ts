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
  const seq = engine.arrivals.lastSeq
  // Removed logs reported by this poll; a revert during the query may add more for the next one.
  const reportedRemoved = filter.removedLogs.length
  const result = await changesSince(engine, filter, head)
  if (filter.kind === 'pendingTransaction') filter.cursorSeq = seq
  else filter.cursorBlock = head
  filter.removedLogs.splice(0, reportedRemoved)
  await engine.saveFilters()
  return result
}

/**
 * How many entries `eth_getFilterChanges` would return now (for the panel), without polling:
 * neither the cursor nor the filter's idle time moves.
 */
export async function waitingChanges(engine: Engine, filter: FilterRecord<LogForWire>): Promise<number> {
  const changes = await changesSince(engine, filter, engine.head.header.number)
  return changes.kind === 'log' ? changes.logs.length : changes.hashes.length
}

/** What a poll at `head` returns; reads the filter without changing it. */
async function changesSince(
  engine: Engine,
  filter: FilterRecord<LogForWire>,
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
