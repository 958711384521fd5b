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
 */
export function quietScheduler({ quietMs, maxDelayMs, maxWaiting }: QuietSchedulerOptions) {
  let quiet: ReturnType<typeof setTimeout> | undefined
  let deadline: ReturnType<typeof setTimeout> | undefined
  let pending: (() => void) | undefined
  const fire = () => {
    clearTimeout(quiet)
    clearTimeout(deadline)
    quiet = deadline = undefined
    const run = pending
    pending = undefined
    run?.()
  }
  return (run: () => void, waiting: number, draining = false): void => {
    pending = run
    clearTimeout(quiet)
    if (draining || waiting >= maxWaiting) {
      quiet = setTimeout(fire, 0)
      return
    }
    quiet = setTimeout(fire, quietMs)
    deadline ??= setTimeout(fire, maxDelayMs)
  }
}
