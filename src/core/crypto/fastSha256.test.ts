import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex, utf8ToBytes } from '../util/hex.js'
import { loadFastSha256, sha256, sha256d } from './fastSha256.js'

const inputs = [0, 1, 55, 56, 63, 64, 80, 119, 1000].map((length) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff),
)

describe('fast sha256', () => {
  it('hashes the known vector of "abc" on import and once WebAssembly is loaded', async () => {
    const abc = '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    expect(bytesToHex(sha256(utf8ToBytes('abc')))).toBe(abc)
    expect(await loadFastSha256()).toBe(true)
    expect(bytesToHex(sha256(utf8ToBytes('abc')))).toBe(abc)
  })

  it('gives the portable digests for messages around the block boundaries', async () => {
    await loadFastSha256()
    for (const input of inputs) expect(sha256(input)).toEqual(nobleSha256(input))
  })

  it('double-hashes for Bitcoin ids', async () => {
    await loadFastSha256()
    for (const input of inputs) expect(sha256d(input)).toEqual(nobleSha256(nobleSha256(input)))
  })
})
