/**
 * What `eth_getFilterChanges` and `eth_getFilterLogs` return, computed from the chain at poll
 * time (filters store only a cursor; see `FilterRegistry`).
 */

import type { BlockBound, FilterKind, FilterRecord, LogFilterSpec } from '../../filters/filterRegistry.js'
import { queryLogs } from '../logQuery.js'
import type { Engine } from './engine.js'
import { resolveLogRange } from './filterQueries.js'
import type { BlockSpecifier } from './requests.js'
import type { LogView } from './views.js'

export type FilterChanges = { kind: 'log'; logs: LogView[] } | { kind: 'hashes'; hashes: Uint8Array[] }

function toSpecifier(bound: BlockBound): BlockSpecifier {
  return typeof bound === 'bigint' ? { kind: 'number', number: bound } : { kind: 'tag', tag: bound }
}

export async function installFilter(
  engine: Engine,
  kind: FilterKind,
  log?: LogFilterSpec,
  origin?: string,
): Promise<FilterRecord<LogView>> {
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
    // Where a reopened node resumes this filter's arrivals (`resumeArrivals.ts`).
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
): Promise<LogView[]> {
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
