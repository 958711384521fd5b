import { describe, expect, test } from 'vitest'
import { sha256d } from '../crypto/hash.js'
import { computeForkDetectionData, forkDetectionAncestors } from './forkDetection.js'

/** A fake main chain: block n has Bitcoin header [n mod 256 repeated 80 times] and n mod 3 uncles. */
function chainLookup(n: bigint) {
  return { bitcoinMergedMiningHeader: new Uint8Array(80).fill(Number(n % 256n)), uncleCount: Number(n % 3n) }
}

describe('fork detection data (RSKIP110)', () => {
  test('is empty while the block being mined is below 449', () => {
    expect(computeForkDetectionData(447n, chainLookup)).toEqual(new Uint8Array(0))
    expect(forkDetectionAncestors(447n).commitToParents).toEqual([])
  })

  test('for block 449 commits to blocks 448, 384, …, 64 and the uncles of 448…417', () => {
    const { commitToParents, uncleCounts } = forkDetectionAncestors(448n)
    expect(commitToParents).toEqual([448n, 384n, 320n, 256n, 192n, 128n, 64n])
    expect(uncleCounts).toHaveLength(32)
    expect(uncleCounts[0]).toBe(448n)
    expect(uncleCounts[31]).toBe(417n)
  })

  test('is built by hand from the ancestors: last byte of each display-order Bitcoin hash, uncle sum, height', () => {
    const parent = 1000n
    const data = computeForkDetectionData(parent, chainLookup)
    const cpvHeights = [960n, 896n, 832n, 768n, 704n, 640n, 576n]
    cpvHeights.forEach((height, i) => {
      const displayOrder = sha256d(chainLookup(height).bitcoinMergedMiningHeader).slice().reverse()
      expect(data[i]).toBe(displayOrder[31])
    })
    let uncles = 0
    for (let n = 1000; n > 968; n--) uncles += n % 3
    expect(data[7]).toBe(uncles)
    expect([...data.subarray(8)]).toEqual([0, 0, 0x03, 0xe9])
  })

  test('caps the uncle count at 255', () => {
    const data = computeForkDetectionData(500n, (n) => ({ ...chainLookup(n), uncleCount: 10 }))
    expect(data[7]).toBe(255)
  })
})
