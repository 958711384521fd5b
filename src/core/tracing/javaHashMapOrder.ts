/**
 * RSKj serializes storage maps (`Map<String,String>` in a `java.util.HashMap`) in the map's
 * bucket order, not in insertion or sorted order. These helpers reproduce that order for the
 * 64-digit hex keys of the struct tracer so the JSON matches RSKj's byte for byte.
 */

/** `String.hashCode()`: 31-based polynomial over UTF-16 units, in 32-bit two's complement. */
export function javaStringHash(s: string): number {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0
  return h
}

/** `HashMap.tableSizeFor`: the next power of two. */
function tableSizeFor(n: number): number {
  let cap = 1
  while (cap < n) cap *= 2
  return cap
}

/** Table capacity of `new HashMap<>(copyOf)` holding `size` entries, after `added` more puts. */
export function copiedHashMapCapacity(size: number, added = 0): number {
  let cap = size > 0 ? tableSizeFor(Math.floor(size / 0.75 + 1)) : 16
  for (let n = size + 1; n <= size + added; n++) if (n > cap * 0.75) cap *= 2
  return cap
}

/** Keys in the iteration order of a HashMap of capacity `capacity` filled in `keys` order. */
export function javaHashMapOrder(keys: readonly string[], capacity: number): string[] {
  const bucket = (key: string) => {
    const h = javaStringHash(key)
    return (h ^ (h >>> 16)) & (capacity - 1)
  }
  return keys
    .map((key, i) => ({ key, i, b: bucket(key) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((e) => e.key)
}
