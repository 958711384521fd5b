/**
 * The panel's messages beyond src/shared/protocol.ts: chain queries that need the engine itself
 * (installed filters) and a live feed of engine events. Same envelope as PanelToBackground
 * (`kind` + numeric `id`, answered by a `reply`), so the panel uses one request function.
 */

export type PanelExtraRequest =
  /** Installed filters of the selected network's node. */
  | { kind: 'listFilters'; id: number }
  /** Start (or move to the selected network) the feed of engine events for this panel. */
  | { kind: 'watchChain'; id: number }

export const PANEL_EXTRA_KINDS: ReadonlySet<string> = new Set(['listFilters', 'watchChain'])

export interface FilterSummary {
  id: string
  kind: 'log' | 'block' | 'pendingTransaction'
  /** Log filters: fromBlock, toBlock, address and topics as hex. */
  criteria?: unknown
  origin?: string
  createdAt: number
  lastPollAt: number
  /** When the node drops it unless polled (RSKj: 5 minutes idle). */
  expiresAt: number
  /** Blocks (block/log filters) or pending transactions not yet reported to the filter's owner. */
  waiting: number
}

/** Engine events as the panel receives them, in `{ kind: 'node', event, data }` messages. */
export type ChainFeedEvent =
  | { event: 'block'; data: { number: string; hash: string; transactions: number } }
  | { event: 'pendingTransaction'; data: { hash: string } }
  | { event: 'removedBlocks'; data: { count: number } }
  | { event: 'reset'; data: null }
