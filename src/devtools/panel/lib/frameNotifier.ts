/**
 * Listeners told at most once per frame however many changes a frame brings: the panel's stores
 * change on every event of a burst, the views render once.
 */
export interface FrameNotifier {
  notify(): void
  subscribe(listener: () => void): () => void
}

export function createFrameNotifier(schedule: (run: () => void) => void): FrameNotifier {
  const listeners = new Set<() => void>()
  let scheduled = false
  return {
    notify() {
      if (scheduled) return
      scheduled = true
      schedule(() => {
        scheduled = false
        for (const listener of listeners) listener()
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
