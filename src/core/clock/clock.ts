/**
 * Time as the node sees it. Core has no timers: the host injects `now()`, and anything that
 * should happen "every N seconds" (interval mining, filter expiry) is computed from elapsed time
 * whenever the node is next called, so a service worker that slept catches up on wake.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock tests move by hand. */
export function createManualClock(
  start = 1_700_000_000_000,
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start
  return {
    now: () => current,
    advance(ms: number) {
      current += ms
    },
    set(ms: number) {
      current = ms
    },
  }
}
