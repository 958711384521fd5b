import { describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../util/hex.js'
import {
  coinNonNullZeroSlot,
  javaSignedBytes,
  parseJavaSignedBytes,
  parseShorts,
  rlpDecode,
  rlpEncode,
  rlpEncodeListOfEncoded,
  shortsSlot,
  signedCoinNonNullZeroSlot,
  unsignedBytesBouncyCastle,
} from './rlp.js'

describe('Java BigInteger.toByteArray for non-negative values', () => {
  test('adds a sign byte only when the top bit is set, and writes zero as 0x00', () => {
    expect(bytesToHex(javaSignedBytes(0n))).toBe('0x00')
    expect(bytesToHex(javaSignedBytes(0x7fn))).toBe('0x7f')
    expect(bytesToHex(javaSignedBytes(0x80n))).toBe('0x0080')
    expect(bytesToHex(javaSignedBytes(10_000_000n))).toBe('0x00989680')
    expect(bytesToHex(javaSignedBytes(0x1aa2b738n))).toBe('0x1aa2b738')
  })

  test('reads back as two’s complement (new BigInteger(bytes))', () => {
    for (const n of [0n, 1n, 0x80n, 0xffffn, 10_000_000n, 2n ** 255n])
      expect(parseJavaSignedBytes(javaSignedBytes(n))).toBe(n)
    expect(parseJavaSignedBytes(hexToBytes('0xff'))).toBe(-1n)
    expect(parseJavaSignedBytes(hexToBytes('0x0000000001'))).toBe(1n)
  })

  test('refuses negative values', () => {
    expect(() => javaSignedBytes(-1n)).toThrow()
  })
})

describe('RSKj coin encoders', () => {
  test('encodeSignedCoinNonNullZero: null → 0x80, zero → raw 0x00, else signed bytes', () => {
    expect(rlpEncode(signedCoinNonNullZeroSlot(null))).toEqual(Uint8Array.of(0x80))
    expect(rlpEncode(signedCoinNonNullZeroSlot(0n))).toEqual(Uint8Array.of(0x00))
    expect(rlpEncode(signedCoinNonNullZeroSlot(0xc8n))).toEqual(hexToBytes('0x8200c8'))
  })

  test('encodeCoinNonNullZero: zero → raw 0x00 but no sign byte otherwise', () => {
    expect(rlpEncode(coinNonNullZeroSlot(0n))).toEqual(Uint8Array.of(0x00))
    expect(rlpEncode(coinNonNullZeroSlot(0xc8n))).toEqual(hexToBytes('0x81c8'))
  })

  test('Bouncy Castle asUnsignedByteArray writes zero as one byte', () => {
    expect(unsignedBytesBouncyCastle(0n)).toEqual(Uint8Array.of(0))
    expect(unsignedBytesBouncyCastle(0x5208n)).toEqual(hexToBytes('0x5208'))
  })
})

describe('list helpers', () => {
  test('a list of pre-encoded items equals encoding the items, short and long', () => {
    for (const count of [0, 3, 40]) {
      const items = Array.from({ length: count }, (_, i) => new Uint8Array(i).fill(7))
      expect(rlpEncodeListOfEncoded(items.map((item) => rlpEncode(item)))).toEqual(rlpEncode(items))
    }
  })

  test('edges are little-endian int16s and read back signed', () => {
    expect(bytesToHex(shortsSlot([1, 300, -1]))).toBe('0x01002c01ffff')
    expect(parseShorts(shortsSlot([1, 300, -1]))).toEqual([1, 300, -1])
  })

  test('decoding rejects trailing bytes', () => {
    expect(() => rlpDecode(hexToBytes('0x8001'))).toThrow()
  })
})
