/**
 * A value made on its first use and kept. For constants that cost something to make (a hash of an
 * event's signature): made at import, they would run while the worker or the library starts, and
 * the portable keccak runs interpreted on its first calls (~0.4 ms each).
 */
export function lazy<T>(make: () => T): () => T {
  let made = false
  let value: T
  return () => {
    if (!made) {
      value = make()
      made = true
    }
    return value
  }
}
