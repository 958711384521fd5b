/**
 * Runs deferred work when a burst of activity pauses: the IndexedDB store's compaction and the
 * request log's writes. While transactions arrive one after another, every IndexedDB transaction
 * the worker starts competes with the next block's commit in the browser process; waiting for a
 * pause turns many small writes into one.
 */
export interface QuietSchedulerOptions {
  /** Runs once nothing new was scheduled for this long. */
  quietMs: number
  /** …or at the latest this long after the first call since the last run. */
  maxDelayMs: number
  /** …or on the next task once this much work waits, or when the caller says it is draining. */
  maxWaiting: number
}

/**
 * `schedule(run, waiting)` after each piece of work; `run` is called once per pause.
 * `schedule(run, waiting, true)`: the work paused already (what is left is a backlog): on the next task.
 *
 * One timer at a time, which looks at the clock when it fires and sleeps again for what is left
 * of the quiet period or the deadline: a call only notes its time. Clearing and setting a timer
 * on every call cost a sequential send ~0.05 ms of the worker (two schedulers, each call). The
 * clock is monotonic: with the wall clock, one set back would leave the work waiting that long.
 */
export function quietScheduler(
  { quietMs, maxDelayMs, maxWaiting }: QuietSchedulerOptions,
  now: () => number = () => performance.now(),
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  /** The armed timer runs on the next task, whatever the clock says. */
  let immediate = false
  let lastCall = 0
  let firstCall: number | undefined
  let pending: (() => void) | undefined
  const fire = () => {
    timer = undefined
    immediate = false
    firstCall = undefined
    const run = pending
    pending = undefined
    run?.()
  }
  const check = () => {
    const due = Math.min(lastCall + quietMs, (firstCall ?? lastCall) + maxDelayMs)
    const left = due - now()
    if (left <= 0) fire()
    else timer = setTimeout(check, left)
  }
  return (run: () => void, waiting: number, draining = false): void => {
    pending = run
    lastCall = now()
    firstCall ??= lastCall
    if (draining || waiting >= maxWaiting) {
      if (immediate) return
      clearTimeout(timer)
      immediate = true
      timer = setTimeout(fire, 0)
      return
    }
    timer ??= setTimeout(check, quietMs)
  }
}
