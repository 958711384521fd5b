/**
 * `toEqual` of two byte arrays, in linear time. Vitest's default compares a typed array as an
 * iterable, one `equals` call per byte, and then compares `Object.entries` of both (one [key,
 * value] pair per byte): about 14 µs a byte, seconds for the few-hundred-kilobyte values that
 * storage, RLP and trie tests compare. The verdict is the same: for two byte arrays of the same
 * class (Uint8Array and Uint8Array, Buffer and Buffer), equal means same length and same bytes.
 * Anything else (a Buffer against a Uint8Array, other typed arrays, other values) is left to the
 * default, so no assertion passes here that the default would fail, nor the other way round.
 * Named properties on a byte array, which the default would also compare, are never set in this
 * codebase.
 */
import { expect } from 'vitest'

function sameBytes(a: unknown, b: unknown): boolean | undefined {
  if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array)) return undefined
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return undefined
  return a.length === b.length && Buffer.compare(a, b) === 0
}

expect.addEqualityTesters([sameBytes])
