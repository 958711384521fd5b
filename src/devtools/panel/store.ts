/**
 * The panel's single store: pushes and query answers are applied here, components read
 * snapshots. Notifications are coalesced to one per animation frame, so 10,000 pushed requests
 * cost a few renders, not 10,000.
 */

import type { FilterSummary, InjectionState, NodeSettings } from '../../shared/panelProtocol.js'
import type { PanelState, RequestLogEntry } from '../../shared/protocol.js'
import type { ExploreTarget } from './lib/explore.js'
import { createFrameNotifier } from './lib/frameNotifier.js'

export type ViewName =
  | 'blocks'
  | 'transactions'
  | 'mempool'
  | 'filters'
  | 'requests'
  | 'accounts'
  | 'apps'
  | 'bitcoin'

export interface BlockSummary {
  number: number
  hash: string
  timestamp: number
  transactions: number
  gasUsed: bigint
  miner: string
}

export interface PoolTransaction {
  hash: string
  from: string
  nonce: number
  to: string | null
  value: string
  gasPrice: string
  gas: string
  input: string
  queued: boolean
}

export interface Snapshot {
  name: string
  id: string
  blockNumber: number
}

export interface PanelData {
  state: PanelState | null
  /** The selected network's node: profile and mining mode, as the background reports them. */
  node: NodeSettings | null
  /** The allow list of origins the provider is injected into. */
  injection: InjectionState | null
  /** Latest block number, -1 until known. */
  head: number
  /** Bumped whenever the block cache changes (the Map itself is mutated in place). */
  blocksVersion: number
  pending: PoolTransaction[]
  filters: FilterSummary[]
  /** Oldest first. */
  requests: RequestLogEntry[]
  /** Requests pushed live since the panel opened. */
  view: ViewName
  snapshots: Snapshot[]
  /** Pasted ABI used to decode logs and custom errors. */
  userAbi: string
  /** The explorer's detail pane (a block, transaction, address or empty search), null when closed. */
  detail: ExploreTarget | null
  /** Details opened before the current one, for "back". */
  detailTrail: ExploreTarget[]
  error: string | null
  busy: string | null
}

/** Enough for the 10,000-request target with room; the oldest fall off first. */
export const MAX_REQUESTS = 20_000

/**
 * The one request count the panel shows (status bar and Requests tab): every entry it holds —
 * the log read when it opened, those that arrived since, and imported ones.
 */
export function requestCount(data: Pick<PanelData, 'requests'>): number {
  return data.requests.length
}

/** Next frame, or 100 ms when frames are paused (a hidden tab or a DevTools panel not shown). */
export function nextFrame(run: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    run()
  }
  requestAnimationFrame(once)
  setTimeout(once, 100)
}

export function createStore(schedule: (run: () => void) => void = nextFrame) {
  let data: PanelData = {
    state: null,
    node: null,
    injection: null,
    head: -1,
    blocksVersion: 0,
    pending: [],
    filters: [],
    requests: [],
    view: 'blocks',
    snapshots: [],
    userAbi: '',
    detail: null,
    detailTrail: [],
    error: null,
    busy: null,
  }
  const blocks = new Map<number, BlockSummary>()
  const { notify, subscribe } = createFrameNotifier(schedule)

  return {
    blocks,
    get: (): PanelData => data,
    set(patch: Partial<PanelData>) {
      data = { ...data, ...patch }
      notify()
    },
    addRequests(entries: RequestLogEntry[]) {
      let requests = data.requests.concat(entries)
      if (requests.length > MAX_REQUESTS) requests = requests.slice(requests.length - MAX_REQUESTS)
      data = { ...data, requests }
      notify()
    },
    /**
     * The stored log read when the panel opened (newest first), put before what arrived live
     * meanwhile; a live entry the read already holds (same id) is kept once.
     */
    addStoredRequests(newestFirst: RequestLogEntry[]) {
      const newestStored = newestFirst[0]?.id ?? -1
      const live = data.requests.filter((e) => e.id === undefined || e.id > newestStored)
      let requests = newestFirst.slice().reverse().concat(live)
      if (requests.length > MAX_REQUESTS) requests = requests.slice(requests.length - MAX_REQUESTS)
      data = { ...data, requests }
      notify()
    },
    /** An older page of the stored log (newest first), put before everything held. */
    addOlderRequests(newestFirst: RequestLogEntry[]) {
      let requests = newestFirst.slice().reverse().concat(data.requests)
      if (requests.length > MAX_REQUESTS) requests = requests.slice(requests.length - MAX_REQUESTS)
      data = { ...data, requests }
      notify()
    },
    putBlocks(summaries: BlockSummary[]) {
      for (const b of summaries) blocks.set(b.number, b)
      data = { ...data, blocksVersion: data.blocksVersion + 1 }
      notify()
    },
    /** Opens a detail (a link, a search); the one it replaces is kept for "back". */
    explore(target: ExploreTarget) {
      const trail = data.detail ? [...data.detailTrail, data.detail].slice(-50) : data.detailTrail
      data = { ...data, detail: target, detailTrail: trail }
      notify()
    },
    /** Back to the previous detail, or closed when there is none. */
    exploreBack() {
      const trail = data.detailTrail
      data = { ...data, detail: trail.at(-1) ?? null, detailTrail: trail.slice(0, -1) }
      notify()
    },
    closeDetail() {
      data = { ...data, detail: null, detailTrail: [] }
      notify()
    },
    /** Chain reorganised (revert, reset, import): cached blocks above `keepUpTo` are stale. */
    dropBlocksAbove(keepUpTo: number) {
      for (const n of blocks.keys()) if (n > keepUpTo) blocks.delete(n)
      data = { ...data, blocksVersion: data.blocksVersion + 1 }
      notify()
    },
    subscribe,
  }
}

export type PanelStore = ReturnType<typeof createStore>
