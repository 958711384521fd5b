import { describe, expect, it } from 'vitest'
import { bytesToHex, bytesToUnprefixedHex, hexToBytes } from './hex.js'

const reference = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

describe('bytesToHex', () => {
  it('writes two lowercase digits per byte for every length, short and long', () => {
    for (let length = 0; length <= 300; length += length < 40 ? 1 : 37) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length) & 255)
      expect(bytesToHex(bytes)).toBe(reference(bytes))
    }
  })

  it('covers every byte value and a long value followed by a shorter one', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(bytesToHex(all)).toBe(reference(all))
    const hash = all.subarray(200, 232)
    expect(bytesToHex(hash)).toBe(reference(hash))
    expect(bytesToUnprefixedHex(hash)).toBe(reference(hash).slice(2))
    expect(hexToBytes(bytesToHex(hash))).toEqual(hash.slice())
  })
})
