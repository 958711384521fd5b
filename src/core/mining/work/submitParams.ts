/**
 * Parameter handling of the three `mnr_submit*` methods (`MnrModuleImpl`, `MinerServerImpl`,
 * `Rskip92MerkleProofBuilder`), reduced to one shape the chain can act on: the Bitcoin header, the
 * full coinbase, the RSKIP92 proof and the hashForMergedMining that names the block template.
 * All parameters are hex without `0x`; the first `blockHashHex` is only logged by RSKj.
 */
import { concatBytes } from '../../util/hex'
import { parseBitcoinBlock } from '../bitcoin/block'
import { reverseBytes } from '../bitcoin/byteIo'
import { BITCOIN_HEADER_SIZE, encodeBitcoinHeader } from '../bitcoin/header'
import { merkleTree } from '../bitcoin/merkle'
import {
  type BitcoinTransaction,
  parseTransaction,
  serializeTransaction,
  transactionId,
} from '../bitcoin/transaction'
import { compressCoinbase, extractHashForMergedMining } from '../coinbase'
import { MnrInternalError, SubmitBlockError } from './errors'
import {
  decodeBouncyCastleHex,
  decodeLowercaseHex,
  parseJavaHexInt,
  splitOnJavaWhitespace,
} from './javaParsing'

export type ParsedMergedMiningSubmission = {
  /** 80 bytes (`blockWithHeaderOnly.cloneAsHeader().bitcoinSerialize()`). */
  bitcoinHeader: Uint8Array
  /** The coinbase's legacy serialization (witness stripped: the txid covers only this). */
  coinbase: Uint8Array
  /**
   * Builds the RSKIP92 proof (siblings bottom-up, display order, coinbase excluded). RSKj builds it
   * only after finding the template in its cache, so a malformed hash list fails (-32603) only for a
   * known template and an unknown template fails first with -33000; call it in that order too.
   * Throws {@link MnrInternalError}.
   */
  buildMerkleProof: () => Uint8Array
  /**
   * The 32 bytes after the last `RSKBLOCK:` in the coinbase: the key of the block template.
   * Without a tag RSKj reads coinbase bytes 8..40 instead, and so does this.
   */
  hashForMergedMining: Uint8Array
}

function attempt<T>(what: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof MnrInternalError) throw error
    throw new MnrInternalError(`${what}: ${(error as Error).message}`)
  }
}

/** `getBtcBlock`: bitcoinj's `makeBlock` takes a bare header or a whole block. */
function parseHeaderOrBlock(hex: string): Uint8Array {
  const bytes = decodeBouncyCastleHex(hex, 'blockHeaderHex')
  if (bytes.length === BITCOIN_HEADER_SIZE) return bytes
  if (bytes.length < BITCOIN_HEADER_SIZE) {
    throw new MnrInternalError(
      `blockHeaderHex: ${bytes.length} bytes, a Bitcoin header is ${BITCOIN_HEADER_SIZE}`,
    )
  }
  return attempt('blockHeaderHex', () => encodeBitcoinHeader(parseBitcoinBlock(bytes).header))
}

function parseCoinbase(hex: string): Uint8Array {
  const bytes = decodeBouncyCastleHex(hex, 'coinbaseHex')
  return attempt('coinbaseHex', () => serializeTransaction(parseTransaction(bytes)))
}

function templateKey(coinbase: Uint8Array): Uint8Array {
  const hash = extractHashForMergedMining(coinbase)
  // Where RSKj's System.arraycopy would run past the end of the coinbase.
  if (hash === null) throw new MnrInternalError('coinbase: fewer than 32 bytes after the RSKBLOCK: tag')
  return hash
}

/** `mnr_submitBitcoinBlock(bitcoinBlockHex)`: a whole Bitcoin block, coinbase first. */
export function parseSubmitBitcoinBlockParams(bitcoinBlockHex: string): ParsedMergedMiningSubmission {
  const bytes = decodeBouncyCastleHex(bitcoinBlockHex, 'bitcoinBlockHex')
  const block = attempt('bitcoinBlockHex', () => parseBitcoinBlock(bytes))
  const coinbase = serializeTransaction(block.transactions[0] as BitcoinTransaction)
  const hashForMergedMining = templateKey(coinbase)
  return {
    bitcoinHeader: encodeBitcoinHeader(block.header),
    coinbase,
    buildMerkleProof: () => concatBytes(...merkleTree(block.transactions.map(transactionId)).coinbaseBranch),
    hashForMergedMining,
  }
}

/**
 * `mnr_submitBitcoinBlockTransactions(blockHashHex, blockHeaderHex, coinbaseHex, txnHashesHex)`:
 * `txnHashesHex` lists every txid of the block, coinbase first, display order, lowercase, separated
 * by whitespace. The proof is the coinbase's branch in that tree.
 */
export function parseSubmitBitcoinBlockTransactionsParams(
  _blockHashHex: string,
  blockHeaderHex: string,
  coinbaseHex: string,
  txnHashesHex: string,
): ParsedMergedMiningSubmission {
  const bitcoinHeader = parseHeaderOrBlock(blockHeaderHex)
  const coinbase = parseCoinbase(coinbaseHex)
  const hashForMergedMining = templateKey(coinbase)
  const hashes = splitOnJavaWhitespace(txnHashesHex)
  const buildMerkleProof = () => {
    const txids = hashes.map((hash, i) => {
      const bytes = decodeLowercaseHex(hash, `txnHashesHex[${i}]`)
      if (bytes.length !== 32)
        throw new MnrInternalError(`txnHashesHex[${i}]: a hash is 32 bytes, got ${bytes.length}`)
      return bytes
    })
    if (txids.length === 0) throw new MnrInternalError('txnHashesHex: no transaction hashes')
    return concatBytes(...merkleTree(txids).coinbaseBranch)
  }
  return { bitcoinHeader, coinbase, buildMerkleProof, hashForMergedMining }
}

export type ParsedPartialMerkleSubmission = ParsedMergedMiningSubmission & {
  /** `blockTxnCountHex`; parsed and range-checked as RSKj does, unused by RSKIP92 proofs. */
  blockTxnCount: number
}

/**
 * `mnr_submitBitcoinBlockPartialMerkle(blockHashHex, blockHeaderHex, coinbaseHex, merkleHashesHex,
 * blockTxnCountHex)`: `merkleHashesHex` is the coinbase txid then its siblings bottom-up, each in
 * serialized (little-endian) order. Each item is reversed and the first dropped; RSKj does not check
 * their lengths here, so a malformed list surfaces as an invalid block.
 */
export function parseSubmitBitcoinBlockPartialMerkleParams(
  _blockHashHex: string,
  blockHeaderHex: string,
  coinbaseHex: string,
  merkleHashesHex: string,
  blockTxnCountHex: string,
): ParsedPartialMerkleSubmission {
  if (merkleHashesHex.length === 0) throw SubmitBlockError.emptyMerkleHashes()
  const bitcoinHeader = parseHeaderOrBlock(blockHeaderHex)
  const coinbase = parseCoinbase(coinbaseHex)
  const hashForMergedMining = templateKey(coinbase)
  const hashes = splitOnJavaWhitespace(merkleHashesHex)
  const blockTxnCount = parseJavaHexInt(blockTxnCountHex, 'blockTxnCountHex')
  const buildMerkleProof = () =>
    concatBytes(
      ...hashes.map((hash, i) => reverseBytes(decodeBouncyCastleHex(hash, `merkleHashesHex[${i}]`))).slice(1),
    )
  return { bitcoinHeader, coinbase, buildMerkleProof, hashForMergedMining, blockTxnCount }
}

/** The three header fields an accepted submission gives the RSK block (`processSolution`). */
export type SubmittedMergedMiningFields = {
  bitcoinMergedMiningHeader: Uint8Array
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  bitcoinMergedMiningMerkleProof: Uint8Array
}

/**
 * What RSKj stores from a submission once the template is found: the header, the coinbase
 * compressed at its last tag, the proof. Validate them with `verifyMergedMining` next.
 */
export function mergedMiningFieldsFromSubmission(
  submission: ParsedMergedMiningSubmission,
): SubmittedMergedMiningFields {
  return {
    bitcoinMergedMiningHeader: submission.bitcoinHeader,
    bitcoinMergedMiningCoinbaseTransaction: compressCoinbase(submission.coinbase),
    bitcoinMergedMiningMerkleProof: submission.buildMerkleProof(),
  }
}
