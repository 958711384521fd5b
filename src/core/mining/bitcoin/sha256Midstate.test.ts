import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../util/hex'
import { sha256FromMidstate, sha256Midstate, stateFromBytes, stateToBytes } from './sha256Midstate'

/** Deterministic pseudo-random bytes (xorshift32) so failures reproduce. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length)
  let x = seed || 1
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

describe('sha256Midstate', () => {
  test('an empty tail from the initial state is sha256 of the empty string', () => {
    expect(bytesToHex(sha256FromMidstate(sha256Midstate(new Uint8Array(0)), new Uint8Array(0)))).toBe(
      '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
  })

  test('hashes "abc" as FIPS 180-4 says', () => {
    expect(bytesToHex(sha256FromMidstate(sha256Midstate(new Uint8Array(0)), utf8ToBytes('abc')))).toBe(
      '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  test('matches @noble/hashes for every split of 300 random inputs up to 300 bytes', () => {
    for (let n = 0; n < 300; n++) {
      const data = pseudoRandomBytes(n, n * 7919 + 1)
      const expected = bytesToHex(nobleSha256(data))
      for (const split of [0, Math.floor(n / 2), n]) {
        const midstate = sha256Midstate(data, split)
        expect(midstate.byteCount % 64).toBe(0)
        expect(midstate.byteCount).toBeLessThanOrEqual(split)
        const tail = data.subarray(midstate.byteCount)
        expect(bytesToHex(sha256FromMidstate(midstate, tail))).toBe(expected)
      }
    }
  })

  test('handles tails that need a second padding block (55, 56, 63, 64 bytes)', () => {
    const prefix = pseudoRandomBytes(128, 42)
    for (const tailLength of [55, 56, 63, 64, 119, 120]) {
      const tail = pseudoRandomBytes(tailLength, tailLength)
      const midstate = sha256Midstate(prefix)
      expect(bytesToHex(sha256FromMidstate(midstate, tail))).toBe(
        bytesToHex(nobleSha256(concatBytes(prefix, tail))),
      )
    }
  })

  test('a midstate survives a round trip through its 32-byte form', () => {
    const data = pseudoRandomBytes(200, 9)
    const midstate = sha256Midstate(data, 130)
    const restored = { state: stateFromBytes(stateToBytes(midstate.state)), byteCount: midstate.byteCount }
    expect(bytesToHex(sha256FromMidstate(restored, data.subarray(128)))).toBe(bytesToHex(nobleSha256(data)))
  })

  test('the state after one block of zeros is the known compression output', () => {
    // SHA-256 compression of one all-zero block from H(0) (a widely published constant).
    expect(bytesToHex(stateToBytes(sha256Midstate(new Uint8Array(64)).state))).toBe(
      '0xda5698be17b9b46962335799779fbeca8ce5d491c0d26243bafef9ea1837a9d8',
    )
  })

  test('rejects a state of the wrong size', () => {
    expect(() => stateFromBytes(hexToBytes('0x00'))).toThrow(/32 bytes/)
  })
})
