/**
 * Keeps a chain live while someone watches it. Core has no timers: interval blocks are owed by the
 * clock and mined on the node's next call. The worker, which has timers, schedules a wake-up for
 * the next block's due time (`engine.nextIntervalBlockAt()`), calls the node then, and the blocks
 * it mines reach subscribers and panels as they are mined, with the page silent.
 *
 * A worker is stopped when idle (Chrome after 30 s without an event, Firefox's event page after
 * `extensions.background.idle.timeout`) and its timers with it. So while a block is scheduled or
 * a page holds a subscription, connected pages are asked to ping (`keepAlive`): a Port message is
 * an event, and resets the idle timer in both browsers. Nothing is scheduled and nobody pings when
 * no page or panel is connected, or when nothing is live: then the worker sleeps, and a later
 * request catches the chain up.
 */
import type { NetworkId } from '../shared/protocol.js'

/** How often relays ping while the worker must stay awake: well inside Chrome's 30 s. */
export const KEEP_ALIVE_MS = 20_000
/** setTimeout fires at once past 2^31 − 1 ms: longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1

export interface IntervalSchedule {
  /** Wall-clock ms when the next interval block is due; undefined when interval mining is off. */
  nextIntervalBlockAt(): number | undefined
}

export interface LiveChainDependencies {
  now(): number
  setTimer(callback: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
  /** Calls the network's node so that it mines the blocks due (any request does). */
  wake(network: NetworkId): Promise<void>
  /** Whether the worker must stay awake changed. */
  onKeepAliveChange(wanted: boolean): void
}

export function createLiveChain(deps: LiveChainDependencies) {
  const schedules = new Map<NetworkId, IntervalSchedule>()
  const timers = new Map<NetworkId, { handle: unknown; due: number }>()
  let clients = 0
  let subscriptions = 0
  let keepAlive = false

  function disarm(network: NetworkId): void {
    const timer = timers.get(network)
    if (timer) deps.clearTimer(timer.handle)
    timers.delete(network)
  }

  function arm(network: NetworkId, due: number): void {
    if (timers.get(network)?.due === due) return
    disarm(network)
    const delay = Math.min(Math.max(0, due - deps.now()), MAX_TIMER_MS)
    const handle = deps.setTimer(() => {
      if (timers.get(network)?.handle !== handle) return
      timers.delete(network)
      if (deps.now() < due) return refresh()
      deps.wake(network).then(refresh, refresh)
    }, delay)
    timers.set(network, { handle, due })
  }

  function refresh(): void {
    for (const [network, schedule] of schedules) {
      const due = clients > 0 ? schedule.nextIntervalBlockAt() : undefined
      if (due === undefined) disarm(network)
      else arm(network, due)
    }
    const wanted = clients > 0 && (timers.size > 0 || subscriptions > 0)
    if (wanted !== keepAlive) {
      keepAlive = wanted
      deps.onKeepAliveChange(wanted)
    }
  }

  return {
    /** A network's node opened (or reopened): its interval schedule is watched. */
    watch(network: NetworkId, schedule: IntervalSchedule): void {
      schedules.set(network, schedule)
      disarm(network)
      refresh()
    },
    /** Pages and panels connected, and pages' subscriptions, now. */
    setAudience(connected: number, subscribed: number): void {
      clients = connected
      subscriptions = subscribed
      refresh()
    },
    /** Re-reads the schedules (after any request: the mining mode may have changed). */
    refresh,
    get keepAlive(): boolean {
      return keepAlive
    },
  }
}
