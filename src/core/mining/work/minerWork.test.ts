import { describe, expect, test } from 'vitest'
import { hexToBytes } from '../../util/hex'
import { SubmitBlockError } from './errors'
import { buildMinerWork, buildSubmittedBlockInfo, feesWarrantNotify } from './minerWork'

const hash = hexToBytes(`0x${'11'.repeat(32)}`)
const parent = hexToBytes(`0x${'22'.repeat(32)}`)

describe('buildMinerWork', () => {
  test('serializes with RSKj field order and a 32-byte target of 2^256 / max(difficulty, 3)', () => {
    const work = buildMinerWork({
      hashForMergedMining: hash,
      difficulty: 1n,
      feesPaidToMiner: 21000n,
      notify: true,
      parentBlockHash: parent,
    })
    expect(JSON.stringify(work)).toBe(
      `{"blockHashForMergedMining":"0x${'11'.repeat(32)}","target":"0x${'55'.repeat(32)}","feesPaidToMiner":"21000","notify":true,"parentBlockHash":"0x${'22'.repeat(32)}"}`,
    )
  })

  test('pads small targets to 32 bytes', () => {
    const work = buildMinerWork({
      hashForMergedMining: hash,
      difficulty: 1n << 200n,
      feesPaidToMiner: 0n,
      notify: false,
      parentBlockHash: parent,
    })
    expect(work.target).toBe(`0x${'00'.repeat(24)}01${'00'.repeat(7)}`) // 2^56
    expect(work.feesPaidToMiner).toBe('0')
  })

  test('notifies only when fees grow by more than 10%', () => {
    expect(feesWarrantNotify(1000n, 1100n)).toBe(false)
    expect(feesWarrantNotify(1000n, 1101n)).toBe(true)
    expect(feesWarrantNotify(0n, 1n)).toBe(true)
  })
})

describe('buildSubmittedBlockInfo', () => {
  test('encodes the import result name as ASCII hex and the height as a quantity, in RSKj order', () => {
    expect(JSON.stringify(buildSubmittedBlockInfo('IMPORTED_BEST', parent, 26n))).toBe(
      `{"blockImportedResult":"0x494d504f525445445f42455354","blockHash":"0x${'22'.repeat(32)}","blockIncludedHeight":"0x1a"}`,
    )
    expect(buildSubmittedBlockInfo('EXIST', parent, 0).blockIncludedHeight).toBe('0x0')
  })
})

describe('SubmitBlockError', () => {
  test('carries code -33000 and RSKj texts', () => {
    expect(SubmitBlockError.code).toBe(-33000)
    expect(SubmitBlockError.notInCache(hash).message).toBe(
      `Cannot publish block, could not find hash 0x${'11'.repeat(32)} in the cache`,
    )
    expect(SubmitBlockError.invalidBlock(parent, hash, 7n).message).toBe(
      `Invalid block supplied by miner: ${'22'.repeat(32)} ${'11'.repeat(32)} at height 7`,
    )
    expect(SubmitBlockError.rateLimited().code).toBe(-33000)
  })
})
