/**
 * The subset of Node's EventEmitter that EIP-1193 requires (`on`, `removeListener`) plus the
 * methods libraries also call (`once`, `off`, `addListener`, `removeAllListeners`,
 * `listenerCount`). Kept here because the MAIN-world script must be self-contained and tiny.
 */
export type Listener = (...args: never[]) => void

export class EventEmitter {
  #listeners = new Map<string | symbol, Listener[]>()

  on(event: string | symbol, listener: Listener): this {
    const list = this.#listeners.get(event) ?? []
    list.push(listener)
    this.#listeners.set(event, list)
    return this
  }

  addListener(event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  once(event: string | symbol, listener: Listener): this {
    const wrapper = (...args: never[]) => {
      this.removeListener(event, wrapper)
      listener(...args)
    }
    // Lets removeListener(event, original) remove a once-listener, as in Node.
    Object.defineProperty(wrapper, 'listener', { value: listener })
    return this.on(event, wrapper)
  }

  removeListener(event: string | symbol, listener: Listener): this {
    const list = this.#listeners.get(event)
    if (!list) return this
    // Node removes the most recently added matching listener.
    for (let i = list.length - 1; i >= 0; i--) {
      const candidate = list[i] as Listener & { listener?: Listener }
      if (candidate === listener || candidate.listener === listener) {
        list.splice(i, 1)
        break
      }
    }
    if (list.length === 0) this.#listeners.delete(event)
    return this
  }

  off(event: string | symbol, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event?: string | symbol): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  listenerCount(event: string | symbol): number {
    return this.#listeners.get(event)?.length ?? 0
  }

  listeners(event: string | symbol): Listener[] {
    return [...(this.#listeners.get(event) ?? [])]
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const list = this.#listeners.get(event)
    if (!list || list.length === 0) return false
    // Copy: a listener may remove itself (once) while we iterate.
    for (const listener of [...list]) {
      try {
        ;(listener as (...a: unknown[]) => void)(...args)
      } catch (error) {
        // A dApp's faulty listener must not break the provider or the other listeners.
        queueMicrotask(() => {
          throw error
        })
      }
    }
    return true
  }
}
