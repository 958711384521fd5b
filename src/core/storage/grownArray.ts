/**
 * `array` itself when it holds `minLength` elements, else a copy doubled in length until it does
 * (the stores' per-entry columns grow this way, amortized O(1) per entry).
 */
export function grownArray<T extends Int32Array | Uint8Array>(array: T, minLength: number): T {
  let length = Math.max(array.length, 1)
  while (length < minLength) length *= 2
  if (length === array.length) return array
  const next = new (array.constructor as new (length: number) => T)(length)
  next.set(array)
  return next
}
