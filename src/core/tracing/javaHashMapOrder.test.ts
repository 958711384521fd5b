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

  test("storage written slot after slot iterates as RSKj's trace storage map does", () => {
    // Printed by a Java program doing what DetailedProgramTrace.addOp does: copy the map with
    // `new HashMap<>(current)`, then put, once per slot; one line per step, keys in iteration order.
    const javaOrders = [
      '0',
      '0,1',
      '0,1,2',
      '0,1,2,10',
      '0,1,deadbeef,2,10',
      '0,1,deadbeef,2,10,7',
      '10,0,1,deadbeef,2,3,7',
      '1234567,10,0,1,deadbeef,2,3,7',
      '1234567,10,0,1,deadbeef,2,3,5,7',
      '1234567,9,10,0,1,deadbeef,2,3,5,7',
      '1234567,9,10,0,1,deadbeef,2,b,3,5,7',
      '1234567,9,10,0,1,deadbeef,2,b,3,d,5,7',
    ]
    const slots = [0n, 1n, 2n, 0x10n, 0xdeadbeefn, 7n, 3n, 0x1234567n, 5n, 9n, 11n, 13n]
    const storage = new ProgramStorage()
    const seen = new Map<bigint, bigint>()
    slots.forEach((slot, i) => {
      seen.set(slot, BigInt(i + 1))
      storage.update(seen)
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
