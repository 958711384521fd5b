import { keccak_256 } from '@noble/hashes/sha3.js'
import { expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { initFastKeccak, isFastKeccakReady, keccak256 } from './keccak.js'
import { randomBytes, seededRandom } from './testRandom.js'

test('the WebAssembly keccak gives the same digests as the portable one, at every rate boundary', async () => {
  expect(await initFastKeccak()).toBe(true)
  expect(isFastKeccakReady()).toBe(true)
  const random = seededRandom(1)
  for (const length of [0, 1, 31, 32, 33, 135, 136, 137, 271, 272, 532, 5000]) {
    const data = randomBytes(random, length)
    expect(bytesToHex(keccak256(data))).toBe(bytesToHex(keccak_256(data)))
  }
})

test('a digest is a copy that later hashing does not overwrite', async () => {
  await initFastKeccak()
  const first = keccak256(Uint8Array.of(1))
  const copy = first.slice()
  keccak256(Uint8Array.of(2))
  expect(first).toEqual(copy)
})
