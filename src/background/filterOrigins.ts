/**
 * Which origin installed each filter, for the DevTools panel's Filters view. The node's filter
 * records have an `origin` field that is saved with them (so it survives restarts and expires
 * with the filter), but JSON-RPC carries no origin: the background, which knows who asked, writes
 * it on the record right after `eth_new*Filter` answered with the new id.
 */

export const FILTER_INSTALLERS: ReadonlySet<string> = new Set([
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
])

/** The part of the chain engine this needs (the opener exposes `engine` next to `request`). */
interface FilterEngineView {
  filters: { list(): Array<{ id: string; origin?: string }> }
  saveFilters(): Promise<void>
}

/** Tags filter `id` of this node with `origin`; a node without an engine (test fakes) is skipped. */
export async function recordFilterOrigin(node: unknown, id: unknown, origin: string): Promise<void> {
  const engine = (node as { engine?: FilterEngineView } | null)?.engine
  if (!engine || typeof id !== 'string') return
  const record = engine.filters.list().find((f) => f.id === id.toLowerCase())
  if (!record || record.origin === origin) return
  record.origin = origin
  await engine.saveFilters()
}
