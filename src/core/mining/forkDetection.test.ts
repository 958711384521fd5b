import { describe, expect, test } from 'vitest'
import { bytesToHex, concatBytes } from '../util/hex'
import { RSK_TAG } from './coinbase'
import { ForkDetectionDataError, readForkDetectionData } from './forkDetection'
import { mineMergedMiningFields } from './miner'

describe('readForkDetectionData', () => {
  test("reads back the 12 bytes a mined block's hashForMergedMining carries after its 20-byte prefix", () => {
    const base = new Uint8Array(32).fill(0x11)
    const forkData = Uint8Array.from({ length: 12 }, (_, i) => i + 1)
    const hashForMergedMining = concatBytes(base.subarray(0, 20), forkData)
    const mined = mineMergedMiningFields({
      hashForMergedMining,
      difficulty: 3n,
      previousBitcoinHeaderHash: new Uint8Array(32),
      timestamp: 1_700_000_000,
      seed: Uint8Array.of(1),
    })
    expect(bytesToHex(readForkDetectionData(mined.bitcoinMergedMiningCoinbaseTransaction, base))).toBe(
      bytesToHex(forkData),
    )
  })

  test('fails with RSKj texts when the prefix is absent or too few bytes follow it', () => {
    const base = new Uint8Array(32).fill(0x22)
    expect(() => readForkDetectionData(new Uint8Array(80), base, 'ab')).toThrow(
      'Mining fork detection data could not be found. Header: ab',
    )
    const short = concatBytes(new Uint8Array(40), RSK_TAG, base.subarray(0, 20), new Uint8Array(5))
    expect(() => readForkDetectionData(short, base, 'ab')).toThrow(ForkDetectionDataError)
    expect(() => readForkDetectionData(short, base, 'ab')).toThrow(
      'Invalid fork detection data length. Expected: 12. Got: 5. Header: ab',
    )
  })
})
