import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, concatBytes, utf8ToBytes } from '../../util/hex'
import { solveMinerWork } from '../testing/externalMiner'
import { MnrInternalError, SubmitBlockError } from './errors'
import { buildMinerWork } from './minerWork'
import { processMergedMiningSolution } from './processSolution'
import {
  parseSubmitBitcoinBlockParams,
  parseSubmitBitcoinBlockPartialMerkleParams,
  parseSubmitBitcoinBlockTransactionsParams,
  type SubmittedMergedMiningFields,
} from './submitParams'

/** A stand-in for the chain: templates keyed by hashForMergedMining, sealed blocks hashed with their fields. */
type FakeBlock = {
  number: bigint
  difficulty: bigint
  hashForMergedMining: Uint8Array
  fields?: SubmittedMergedMiningFields
}

function fakeChain(difficulty: bigint) {
  const template: FakeBlock = { number: 7n, difficulty, hashForMergedMining: sha256(utf8ToBytes('block 7')) }
  const imported: FakeBlock[] = []
  const hashOf = (block: FakeBlock) =>
    sha256(
      concatBytes(block.hashForMergedMining, block.fields?.bitcoinMergedMiningHeader ?? new Uint8Array(0)),
    )
  return {
    template,
    imported,
    work: buildMinerWork({
      hashForMergedMining: template.hashForMergedMining,
      difficulty,
      feesPaidToMiner: 0n,
      notify: true,
      parentBlockHash: new Uint8Array(32),
    }),
    hashOf,
    callbacks: {
      findTemplate: (hash: Uint8Array) =>
        bytesToHex(hash) === bytesToHex(template.hashForMergedMining) ? template : undefined,
      sealWithFields: (block: FakeBlock, fields: SubmittedMergedMiningFields) => ({ ...block, fields }),
      describe: (block: FakeBlock) => ({
        hash: hashOf(block),
        hashForMergedMining: block.hashForMergedMining,
        number: block.number,
        difficulty: block.difficulty,
      }),
      importBlock: (block: FakeBlock) => {
        imported.push(block)
        return 'IMPORTED_BEST' as const
      },
    },
  }
}

describe('processMergedMiningSolution', () => {
  test('imports a valid submission of each form and answers SubmittedBlockInfo', () => {
    const chain = fakeChain(12n)
    const solution = solveMinerWork({ work: chain.work, seed: 4 })
    const submissions = [
      parseSubmitBitcoinBlockParams(...solution.submitBitcoinBlockParams),
      parseSubmitBitcoinBlockTransactionsParams(...solution.submitBitcoinBlockTransactionsParams),
      parseSubmitBitcoinBlockPartialMerkleParams(...solution.submitBitcoinBlockPartialMerkleParams),
    ]
    for (const submission of submissions) {
      const { info, block, verification } = processMergedMiningSolution({ submission, ...chain.callbacks })
      expect(verification.valid).toBe(true)
      expect(info).toEqual({
        blockImportedResult: '0x494d504f525445445f42455354',
        blockHash: bytesToHex(chain.hashOf(block)),
        blockIncludedHeight: '0x7',
      })
    }
    expect(chain.imported).toHaveLength(3)
  })

  test('refuses an unknown template with -33000 before decoding its hash list', () => {
    const chain = fakeChain(12n)
    const solution = solveMinerWork({
      work: { ...chain.work, blockHashForMergedMining: bytesToHex(new Uint8Array(32).fill(3)) },
      seed: 4,
    })
    const [hash, header, coinbase] = solution.submitBitcoinBlockTransactionsParams
    const submission = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, 'NOT-HEX')
    expect(() => processMergedMiningSolution({ submission, ...chain.callbacks })).toThrow(
      `Cannot publish block, could not find hash 0x${'03'.repeat(32)} in the cache`,
    )
  })

  test('a known template with an undecodable hash list is -32603', () => {
    const chain = fakeChain(12n)
    const [hash, header, coinbase] = solveMinerWork({
      work: chain.work,
      seed: 4,
    }).submitBitcoinBlockTransactionsParams
    const submission = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, 'NOT-HEX')
    expect(() => processMergedMiningSolution({ submission, ...chain.callbacks })).toThrow(MnrInternalError)
  })

  test('a block that misses the target is refused with RSKj invalid-block text and not imported', () => {
    const chain = fakeChain(1n << 40n)
    // Solved for an easy target, submitted to a template whose difficulty is 2^40.
    const solution = solveMinerWork({ work: { ...chain.work, target: `0x${'55'.repeat(32)}` }, seed: 4 })
    const submission = parseSubmitBitcoinBlockParams(...solution.submitBitcoinBlockParams)
    const attempt = () => processMergedMiningSolution({ submission, ...chain.callbacks })
    expect(attempt).toThrow(SubmitBlockError)
    expect(attempt).toThrow(/^Invalid block supplied by miner: [0-9a-f]{64} [0-9a-f]{64} at height 7$/)
    expect(chain.imported).toHaveLength(0)
  })

  test('honours a submission rate limit first', () => {
    const chain = fakeChain(12n)
    const submission = parseSubmitBitcoinBlockParams(
      ...solveMinerWork({ work: chain.work, seed: 4 }).submitBitcoinBlockParams,
    )
    expect(() =>
      processMergedMiningSolution({ submission, ...chain.callbacks, isSubmissionAllowed: () => false }),
    ).toThrow('Cannot publish block, block submission rate limit exceeded')
  })
})
