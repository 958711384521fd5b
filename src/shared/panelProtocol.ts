/**
 * The messages of the DevTools panel and the popup beyond protocol.ts: chain queries that need
 * the engine itself (installed filters) and a live feed of engine events. Same envelope as
 * PanelToBackground (`kind` + numeric `id`, answered by a `reply`), so the panel uses one request
 * function. Node settings (profile, mining mode) and the injection allow list are here too. A
 * profile switch is pushed to panels as `{ kind: 'node', event: 'profile', data: { profile } }`.
 * Forking (`setFork`, `resetToLocal`, `getFork`) is shared with the popup. In src/shared, not
 * src/background, because the extension pages import only src/shared (a dependency rule).
 */
// A type only: erased from the build, it keeps one definition of the profiles' names.
import type { ProfileName } from '../core/network/profiles.js'
import type { NetworkId } from './protocol.js'

export type PanelExtraRequest =
  /** Installed filters of the selected network's node. */
  | { kind: 'listFilters'; id: number }
  /** Start (or move to the selected network) the feed of engine events for this panel. */
  | { kind: 'watchChain'; id: number }
  /** The selected network's node settings: profile and mining mode. */
  | { kind: 'getNodeSettings'; id: number }
  /** Reopens the selected network's node with this profile; answers the new NodeSettings. */
  | { kind: 'setProfile'; id: number; profile: ProfileName }
  /** The allow list of origins the provider is injected into. */
  | { kind: 'getInjection'; id: number }
  /** Adds one match pattern (`http://localhost:5173/*`, `https://*.example.com/*`, `<all_urls>`). */
  | { kind: 'addInjectionPattern'; id: number; pattern: string }
  | { kind: 'removeInjectionPattern'; id: number; pattern: string }
  /** The selected network's fork (`null`: a local chain). */
  | { kind: 'getFork'; id: number }
  /**
   * Replaces the selected network's chain with a fork of `url` at `blockNumber` (decimal or hex;
   * default the upstream's latest minus 6); answers the new ForkView. The fork is remembered.
   */
  | { kind: 'setFork'; id: number; url: string; blockNumber?: string }
  /** Replaces the selected network's chain (a fork or not) with a fresh local one; answers `null`. */
  | { kind: 'resetToLocal'; id: number }
  /** Deletes a network's stored chain and starts it again from a new genesis (frees its space). */
  | { kind: 'wipeNetwork'; id: number; network: NetworkId }

export const PANEL_EXTRA_KINDS: ReadonlySet<string> = new Set([
  'listFilters',
  'watchChain',
  'getNodeSettings',
  'setProfile',
  'getInjection',
  'addInjectionPattern',
  'removeInjectionPattern',
  'getFork',
  'setFork',
  'resetToLocal',
  'wipeNetwork',
])

export type { ProfileName }

/** Every URL the browser lets an extension script into: shown as "All sites". */
export const ALL_SITES = '<all_urls>'

/** The injection allow list, as the worker answers it to the panel. */
export interface InjectionState {
  /** Match patterns the provider is injected into; empty means nowhere. */
  patterns: string[]
  /** True when the list holds `<all_urls>`. */
  allSites: boolean
}

/**
 * The mining mode in seconds, whichever method set it (Anvil's counts seconds, Hardhat's
 * milliseconds): `seconds` may be fractional, and a Hardhat range gives its upper end too.
 */
export type MiningModeView =
  | { type: 'auto' }
  | { type: 'interval'; seconds: number; maxSeconds?: number }
  | { type: 'manual' }

export interface NodeSettings {
  network: NetworkId
  profile: ProfileName
  mining: MiningModeView
  /** Present when the node was opened to leave the REMASC transaction out of its blocks (test suites). */
  remascOmitted?: true
  /** Present when the chain is a fork of a live network. */
  fork?: ForkView
}

/**
 * A forked chain as panels and the popup show it. Pushed as `{ kind: 'node', event: 'fork',
 * data: ForkView | null }` while state arrives from the upstream and after a fork or reset.
 */
export interface ForkView {
  /** The upstream's address with its key replaced by `***`: the only form that leaves the worker. */
  upstream: string
  /** Decimal. */
  blockNumber: string
  blockHash: string
  chainId: number
  /** Since the worker (re)opened the chain: what was asked of the upstream and what the cache answered. */
  progress: {
    upstreamRequests: number
    upstreamBatches: number
    accountsFetched: number
    slotsFetched: number
    cacheHits: number
    /** Batches on their way to or from the upstream right now. */
    inFlight: number
  }
}

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
  | { event: 'profile'; data: { profile: ProfileName } }
  | { event: 'fork'; data: ForkView | null }
  /** A write of this network was refused: the storage is full (the request log was trimmed). */
  | { event: 'storageFull'; data: null }
