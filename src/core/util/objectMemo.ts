/**
 * A value memoized on an object itself, under a symbol, non-enumerable: invisible to
 * `Object.keys`, spread, JSON, structured clone and deep equality, and gone with the object.
 *
 * Why not a `WeakMap`: the caches this serves are keyed by objects made for every block or
 * transaction (decoded transactions, blocks, log views), most of which die young. A property
 * dies with its object and costs no table entry; over the benchmark's 5,000 blocks the
 * in-process node promoted 31–35 MB to V8's old generation with these memos against 35–37 MB
 * with module-level `WeakMap`s (`--trace-gc-nvp`, alternating runs).
 */
export interface ObjectMemo<K extends object, V> {
  get(object: K): V | undefined
  set(object: K, value: V): void
}

export function objectMemo<K extends object, V>(name: string): ObjectMemo<K, V> {
  const key = Symbol(name)
  return {
    get: (object) => (object as unknown as Record<symbol, V | undefined>)[key],
    set: (object, value) => {
      Object.defineProperty(object, key, { value, writable: true, configurable: true })
    },
  }
}
