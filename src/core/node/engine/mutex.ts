/**
 * Runs chain mutations one at a time. Requests arrive concurrently (a page fires many at once);
 * blocks must be built and committed in order, and reads of the latest state must never see a
 * block half-applied.
 */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task)
    this.#tail = result.catch(() => undefined)
    return result
  }
}
