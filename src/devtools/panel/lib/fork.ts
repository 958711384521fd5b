/** How the fork control writes a fork (ForkControl.tsx). */
import type { ForkView } from '../../../shared/panelProtocol.js'

/** `12 upstream requests · 3 accounts · 40 slots fetched · 96 cache hits`. */
export function forkProgressText(progress: ForkView['progress']): string {
  const parts = [
    `${progress.upstreamRequests} upstream requests`,
    `${progress.accountsFetched} accounts`,
    `${progress.slotsFetched} slots fetched`,
    `${progress.cacheHits} cache hits`,
  ]
  return `${parts.join(' · ')}${progress.inFlight > 0 ? ' · fetching…' : ''}`
}

export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash
}
