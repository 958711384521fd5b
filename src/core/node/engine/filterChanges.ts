/**
 * What `eth_getFilterChanges` and `eth_getFilterLogs` return, computed from the chain at poll
 * time (filters store only a cursor; see `FilterRegistry`).
 */
import type { BlockBound, FilterKind, FilterRecord, LogFilterSpec } from '../../filters/filterRegistry.js'
import type { Engine } from './engine.js'
import { resolveLogRange } from './filterQueries.js'
import { changesSince, type FilterChanges } from './filterWaiting.js'
import { queryChainLogs } from './forkLogs.js'
import type { BlockSpecifier } from './requests.js'
import type { LogView } from './views.js'

export type { FilterChanges }

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
  const seq = engine.arrivals.lastSeq
  // Removed logs reported by this poll; a revert during the query may add more for the next one.
  const reportedRemoved = filter.removedLogs.length
  const result = await changesSince(engine, filter, head)
  if (filter.kind === 'pendingTransaction') filter.cursorSeq = seq
  // For a pending-transaction filter, where a reopened node resumes its arrivals (`resumeArrivals.ts`).
  filter.cursorBlock = head
  filter.removedLogs.splice(0, reportedRemoved)
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
  return queryChainLogs(engine, { ...range, criteria: spec.criteria }, limits)
}
