import { describe, expect, test } from 'vitest'
import { copiedHashMapCapacity, javaHashMapOrder, javaStringHash } from './javaHashMapOrder.js'
import { ProgramStorage, wordHex } from './structTracer.js'

describe('Java HashMap iteration order', () => {
  test('String.hashCode wraps like Java int arithmetic', () => {
    // Values printed by java.lang.String#hashCode.
    expect(javaStringHash('')).toBe(0)
    expect(javaStringHash('ab')).toBe(3105)
    expect(javaStringHash('polygenelubricants')).toBe(-2147483648)
  })

  test('a copied map sizes its table as HashMap(Map) does', () => {
    expect(copiedHashMapCapacity(0)).toBe(16)
    expect(copiedHashMapCapacity(1)).toBe(2)
    expect(copiedHashMapCapacity(1, 1)).toBe(4)
    expect(copiedHashMapCapacity(6, 1)).toBe(16)
    expect(copiedHashMapCapacity(12, 1)).toBe(32)
  })

  test("trace storage iterates as RSKj's map does, re-reads of a slot included", () => {
    // Printed by a Java program doing what DetailedProgramTrace.addOp does with each value read
    // back after an SLOAD/SSTORE: non-zero → `new HashMap<>(current)` then put (even for an
    // unchanged value), zero → remove. One line per step, keys in iteration order.
    const javaOrders = [
      '0',
      '0,1',
      '0,4,1',
      '0,1,4',
      '0,1,2,4',
      '0,1,2,4,10',
      '0,1,deadbeef,2,4,10',
      '10,0,1,deadbeef,2,4,7',
      '10,0,1,deadbeef,2,3,4,7',
      '10,0,deadbeef,2,3,4,7',
      '1234567,10,0,deadbeef,2,3,4,7',
      '1234567,10,0,deadbeef,2,3,4,5,7',
      '1234567,9,10,0,deadbeef,2,3,4,5,7',
      '1234567,9,10,0,deadbeef,2,b,3,4,5,7',
      '1234567,9,10,0,deadbeef,2,b,3,4,d,5,7',
      '10,b,d,1234567,9,0,deadbeef,2,3,4,5,7',
    ]
    const writes: [bigint, bigint][] = [
      [0n, 1n],
      [1n, 2n],
      [4n, 3n],
      [4n, 3n],
      [2n, 3n],
      [0x10n, 4n],
      [0xdeadbeefn, 5n],
      [7n, 6n],
      [3n, 7n],
      [1n, 0n],
      [0x1234567n, 8n],
      [5n, 9n],
      [9n, 10n],
      [11n, 11n],
      [13n, 12n],
      [5n, 9n],
    ]
    const storage = new ProgramStorage()
    writes.forEach(([slot, value], i) => {
      storage.apply(slot, value)
      const order = Object.keys(storage.toJson()).map((key) => BigInt(`0x${key}`).toString(16))
      expect(order.join(',')).toBe(javaOrders[i])
    })
    expect(storage.toJson()[wordHex(0xdeadbeefn)]).toBe(wordHex(5n))
  })

  test('keys of one bucket keep their insertion order', () => {
    // "Aa" and "BB" share a hash code in Java.
    expect(javaHashMapOrder(['BB', 'Aa'], 16)).toEqual(['BB', 'Aa'])
    expect(javaHashMapOrder(['Aa', 'BB'], 16)).toEqual(['Aa', 'BB'])
  })
})
