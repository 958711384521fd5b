import { keccak_256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { EMPTY_LIST_HASH, EMPTY_TRIE_ROOT, initFastKeccak, KECCAK256_EMPTY, keccak256 } from './hash.js'

const inputs = [0, 1, 135, 136, 137, 272, 1000].map((length) =>
  Uint8Array.from({ length }, (_, i) => (i * 17 + length) & 0xff),
)

describe('keccak256', () => {
  it('writes out the digests of the empty string, RLP("") and RLP([])', () => {
    expect(bytesToHex(KECCAK256_EMPTY)).toBe(bytesToHex(keccak_256(new Uint8Array(0))))
    expect(bytesToHex(EMPTY_TRIE_ROOT)).toBe(bytesToHex(keccak_256(Uint8Array.of(0x80))))
    expect(bytesToHex(EMPTY_LIST_HASH)).toBe(bytesToHex(keccak_256(Uint8Array.of(0xc0))))
  })

  it('gives the portable digests once the WebAssembly keccak is loaded, around the rate boundary', async () => {
    expect(await initFastKeccak()).toBe(true)
    for (const input of inputs) expect(keccak256(input)).toEqual(keccak_256(input))
  })
})
