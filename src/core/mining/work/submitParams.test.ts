import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, bytesToUnprefixedHex, concatBytes, utf8ToBytes } from '../../util/hex'
import { serializeBitcoinBlock } from '../bitcoin/block'
import { type BitcoinTxInput, serializeTransaction } from '../bitcoin/transaction'
import { buildMergedMiningCoinbase, RSK_TAG } from '../coinbase'
import { mineMergedMiningFields } from '../miner'
import { solveMinerWork } from '../testing/externalMiner'
import { verifyMergedMining } from '../verify/verifyMergedMining'
import { MnrInternalError, SubmitBlockError } from './errors'
import { buildMinerWork } from './minerWork'
import {
  mergedMiningFieldsFromSubmission,
  type ParsedMergedMiningSubmission,
  parseSubmitBitcoinBlockParams,
  parseSubmitBitcoinBlockPartialMerkleParams,
  parseSubmitBitcoinBlockTransactionsParams,
} from './submitParams'

const hashForMergedMining = sha256(utf8ToBytes('template'))
const difficulty = 20n
const work = buildMinerWork({
  hashForMergedMining,
  difficulty,
  feesPaidToMiner: 0n,
  notify: true,
  parentBlockHash: new Uint8Array(32),
})

function snapshot(parsed: ParsedMergedMiningSubmission) {
  return {
    bitcoinHeader: bytesToHex(parsed.bitcoinHeader),
    coinbase: bytesToHex(parsed.coinbase),
    merkleProof: bytesToHex(parsed.buildMerkleProof()),
    hashForMergedMining: bytesToHex(parsed.hashForMergedMining),
  }
}

function verifySubmission(parsed: ParsedMergedMiningSubmission) {
  return verifyMergedMining({ hashForMergedMining, difficulty, ...mergedMiningFieldsFromSubmission(parsed) })
}

describe('the three mnr_submit* forms', () => {
  for (const segwit of [false, true]) {
    test(`an external client's ${segwit ? 'segwit ' : ''}block parses to the same submission in every form, and verifies`, () => {
      for (let seed = 1; seed <= 12; seed++) {
        const solution = solveMinerWork({ work, seed, otherTransactions: seed % 6, segwit })
        const fromBlock = parseSubmitBitcoinBlockParams(...solution.submitBitcoinBlockParams)
        const fromTransactions = parseSubmitBitcoinBlockTransactionsParams(
          ...solution.submitBitcoinBlockTransactionsParams,
        )
        const fromPartialMerkle = parseSubmitBitcoinBlockPartialMerkleParams(
          ...solution.submitBitcoinBlockPartialMerkleParams,
        )
        expect(snapshot(fromTransactions)).toEqual(snapshot(fromBlock))
        expect(snapshot(fromPartialMerkle)).toEqual(snapshot(fromBlock))
        expect(fromPartialMerkle.blockTxnCount).toBe(1 + (seed % 6))
        expect(bytesToHex(fromBlock.hashForMergedMining)).toBe(work.blockHashForMergedMining)
        expect(bytesToHex(fromBlock.coinbase)).toBe(bytesToHex(solution.coinbase))
        expect(fromBlock.buildMerkleProof().length).toBe(32 * Math.ceil(Math.log2(1 + (seed % 6))))
        const result = verifySubmission(fromBlock)
        expect(result.reason, `seed ${seed}`).toBeUndefined()
        expect(result.decoded.bitcoinHash).toBe(bytesToHex(solution.bitcoinBlockHash))
      }
    })
  }

  test("the built-in miner's block, submitted whole, yields exactly the fields the miner stored", () => {
    const mined = mineMergedMiningFields({
      hashForMergedMining,
      difficulty,
      previousBitcoinHeaderHash: new Uint8Array(32),
      timestamp: 1_700_000_000,
      seed: utf8ToBytes('built-in'),
    })
    const parsed = parseSubmitBitcoinBlockParams(
      bytesToUnprefixedHex(serializeBitcoinBlock(mined.bitcoinBlock)),
    )
    const fields = mergedMiningFieldsFromSubmission(parsed)
    expect(bytesToHex(fields.bitcoinMergedMiningHeader)).toBe(bytesToHex(mined.bitcoinMergedMiningHeader))
    expect(bytesToHex(fields.bitcoinMergedMiningCoinbaseTransaction)).toBe(
      bytesToHex(mined.bitcoinMergedMiningCoinbaseTransaction),
    )
    expect(bytesToHex(fields.bitcoinMergedMiningMerkleProof)).toBe(
      bytesToHex(mined.bitcoinMergedMiningMerkleProof),
    )
    expect(verifySubmission(parsed).valid).toBe(true)
  })

  test('a coinbase tag far into the coinbase is compressed behind a midstate and still verifies', () => {
    const solution = solveMinerWork({ work, seed: 5, prefixLength: 250 })
    const parsed = parseSubmitBitcoinBlockParams(...solution.submitBitcoinBlockParams)
    const result = verifySubmission(parsed)
    expect(result.valid).toBe(true)
    expect(result.decoded.coinbase?.midstateByteCount).toBeGreaterThanOrEqual(256)
  })

  test('the submitted hash is the one after the last RSKBLOCK: tag', () => {
    const other = sha256(utf8ToBytes('other'))
    const [hash, header, , txids] = solveMinerWork({ work, seed: 3 }).submitBitcoinBlockTransactionsParams
    const coinbase = buildMergedMiningCoinbase({ hashForMergedMining, seed: Uint8Array.of(1) })
    const keyOf = () =>
      bytesToHex(
        parseSubmitBitcoinBlockTransactionsParams(
          hash,
          header,
          bytesToUnprefixedHex(serializeTransaction(coinbase)),
          txids,
        ).hashForMergedMining,
      )
    ;(coinbase.inputs[0] as BitcoinTxInput).scriptSig = concatBytes(RSK_TAG, other)
    expect(keyOf()).toBe(bytesToHex(hashForMergedMining))
    coinbase.outputs.push({ value: 0n, scriptPubKey: concatBytes(RSK_TAG, other) })
    expect(keyOf()).toBe(bytesToHex(other))
  })
})

describe('mnr_submit* parameter errors', () => {
  const solution = solveMinerWork({ work, seed: 9 })
  const [blockHashHex, headerHex, coinbaseHex, merkleHashesHex, countHex] =
    solution.submitBitcoinBlockPartialMerkleParams

  test('a 0x prefix is refused as RSKj refuses it: -32603 Internal server error', () => {
    const attempt = () => parseSubmitBitcoinBlockParams(`0x${solution.submitBitcoinBlockParams[0]}`)
    expect(attempt).toThrow(MnrInternalError)
    expect(attempt).toThrow('Internal server error')
    expect(MnrInternalError.code).toBe(-32603)
  })

  test('an empty merkle hash list is -33000 before anything else is read', () => {
    const attempt = () => parseSubmitBitcoinBlockPartialMerkleParams('', 'zz', 'zz', '', 'zz')
    expect(attempt).toThrow(SubmitBlockError)
    expect(attempt).toThrow("The list of merkle hashes can't be empty")
    expect(SubmitBlockError.code).toBe(-33000)
  })

  test('blockTxnCountHex is parsed like Integer.parseInt(x, 16)', () => {
    expect(
      parseSubmitBitcoinBlockPartialMerkleParams(blockHashHex, headerHex, coinbaseHex, merkleHashesHex, '+A')
        .blockTxnCount,
    ).toBe(10)
    for (const bad of ['0x4', '', '80000000', '4 ']) {
      expect(() =>
        parseSubmitBitcoinBlockPartialMerkleParams(
          blockHashHex,
          headerHex,
          coinbaseHex,
          merkleHashesHex,
          bad,
        ),
      ).toThrow(MnrInternalError)
    }
    expect(countHex).toBe('4')
  })

  test('BouncyCastle hex decoding skips whitespace and accepts upper case', () => {
    const spaced = `${headerHex.slice(0, 10)} \n${headerHex.slice(10).toUpperCase()}`
    const parsed = parseSubmitBitcoinBlockPartialMerkleParams(
      blockHashHex,
      spaced,
      coinbaseHex,
      merkleHashesHex,
      countHex,
    )
    expect(bytesToUnprefixedHex(parsed.bitcoinHeader)).toBe(headerHex)
  })

  test('txids must be lowercase 32-byte hex, checked when the proof is built', () => {
    const [hash, header, coinbase, txids] = solution.submitBitcoinBlockTransactionsParams
    const upper = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, txids.toUpperCase())
    expect(() => upper.buildMerkleProof()).toThrow(MnrInternalError)
    const short = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, `${txids} abcd`)
    expect(() => short.buildMerkleProof()).toThrow(
      expect.objectContaining({ detail: expect.stringMatching(/32 bytes/) }),
    )
  })

  test('surrounding whitespace in the hash lists follows Java split: trailing ignored, leading not', () => {
    const [hash, header, coinbase, txids] = solution.submitBitcoinBlockTransactionsParams
    const trailing = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, `${txids}  \n`)
    expect(trailing.buildMerkleProof().length).toBeGreaterThan(0)
    const leading = parseSubmitBitcoinBlockTransactionsParams(hash, header, coinbase, ` ${txids}`)
    expect(() => leading.buildMerkleProof()).toThrow(MnrInternalError)
    // A blank partial-merkle list is not "empty" to RSKj: it yields an empty proof.
    const blank = parseSubmitBitcoinBlockPartialMerkleParams(
      blockHashHex,
      headerHex,
      coinbaseHex,
      '  ',
      countHex,
    )
    expect(blank.buildMerkleProof().length).toBe(0)
  })

  test('a header shorter than 80 bytes and a malformed coinbase are -32603', () => {
    expect(() =>
      parseSubmitBitcoinBlockPartialMerkleParams(
        blockHashHex,
        headerHex.slice(0, 158),
        coinbaseHex,
        merkleHashesHex,
        countHex,
      ),
    ).toThrow(MnrInternalError)
    expect(() =>
      parseSubmitBitcoinBlockPartialMerkleParams(
        blockHashHex,
        headerHex,
        coinbaseHex.slice(0, 40),
        merkleHashesHex,
        countHex,
      ),
    ).toThrow(MnrInternalError)
  })

  test('a block with only a header is -32603 (RSKj reads its missing transaction list)', () => {
    expect(() => parseSubmitBitcoinBlockParams(headerHex)).toThrow(MnrInternalError)
  })

  test('a wrong merkle hash surfaces as an invalid block, not a parse error', () => {
    const hashes = merkleHashesHex.split(' ')
    hashes[1] = `${hashes[1]?.slice(0, 62)}00`
    const parsed = parseSubmitBitcoinBlockPartialMerkleParams(
      blockHashHex,
      headerHex,
      coinbaseHex,
      hashes.join(' '),
      countHex,
    )
    expect(verifySubmission(parsed).checks.merkleProof).toBe('fail')
  })
})
