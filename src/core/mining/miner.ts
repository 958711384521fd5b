/**
 * The built-in merged miner: builds a simulated Bitcoin block that commits to an RSK block and
 * grinds its header until it meets the RSK target, producing the three merged-mining header fields
 * exactly as a real merged-mining pool submitting through RSKj would leave them.
 */
import { sha256d } from '../crypto/fastSha256'
import { concatBytes } from '../util/hex'
import type { BitcoinBlock } from './bitcoin/block'
import { reverseBytes } from './bitcoin/byteIo'
import {
  type BitcoinHeader,
  bitcoinHeaderHash,
  encodeBitcoinHeader,
  encodeCompactBits,
} from './bitcoin/header'
import { merkleTreeOfInternalIds } from './bitcoin/merkle'
import type { BitcoinTransaction } from './bitcoin/transaction'
import {
  type BuildMergedMiningCoinbaseParameters,
  buildMergedMiningCoinbase,
  compressCoinbase,
  serializeMergedMiningCoinbase,
} from './coinbase'
import { type FillerDerivation, fillerSet, fillerTransactions, serializedFillerTransactions } from './fillers'
import { grindHeader } from './headerGrinder'
import { difficultyToTarget } from './target'

/** Version-bits (BIP9) header version with nothing signalled, as current Bitcoin blocks carry. */
export const MERGED_MINING_HEADER_VERSION = 0x20000000

export type MineMergedMiningFieldsParameters = {
  /** The RSK block's hashForMergedMining (32 bytes) that the coinbase commits to. */
  hashForMergedMining: Uint8Array
  /** The RSK block's difficulty; the target is 2^256 / max(difficulty, 3). */
  difficulty: bigint
  /** The parent RSK block's Bitcoin header hash (display order), or 32 zero bytes at genesis. */
  previousBitcoinHeaderHash: Uint8Array
  /** Unix seconds for the Bitcoin header (the RSK block's timestamp). */
  timestamp: number | bigint
  /** Any bytes that make this block's coinbase (and its filler set) its own, e.g. the block number. */
  seed: Uint8Array
  /** How the filler transactions are drawn (fillers.ts); `sets` unless the chain predates them. */
  fillers?: FillerDerivation
}

export type MineMergedMiningFieldsReturnType = {
  /** 80 bytes. */
  bitcoinMergedMiningHeader: Uint8Array
  /** RSKj's compressed coinbase: byteCount (8 BE) || SHA-256 state (32) || tail. */
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  /** RSKIP92 proof: sibling hashes bottom-up, display order, coinbase excluded. */
  bitcoinMergedMiningMerkleProof: Uint8Array
  /** Display-order hash of the header; the next block's `previousBitcoinHeaderHash`. */
  bitcoinHeaderHash: Uint8Array
  /** The coinbase's full legacy serialization. */
  fullCoinbase: Uint8Array
  /** The whole simulated Bitcoin block (header and transactions). */
  bitcoinBlock: BitcoinBlock
}

export type MergedMiningTemplate = {
  /** The header before grinding (nonce 0). */
  header: BitcoinHeader
  target: bigint
  /** Everything but the header is fixed once the coinbase is. */
  fields: Omit<MineMergedMiningFieldsReturnType, 'bitcoinMergedMiningHeader' | 'bitcoinHeaderHash'>
}

/**
 * The simulated Bitcoin block for one RSK block before its nonce is chosen: coinbase with the tag,
 * filler transactions, merkle root, header with nonce 0. `extraNonce` varies the coinbase.
 */
export function buildMergedMiningTemplate(
  {
    hashForMergedMining,
    difficulty,
    previousBitcoinHeaderHash,
    timestamp,
    seed,
    fillers: derivation = 'sets',
  }: MineMergedMiningFieldsParameters,
  extraNonce = 0,
): MergedMiningTemplate {
  if (hashForMergedMining.length !== 32) throw new RangeError('hashForMergedMining must be 32 bytes')
  if (previousBitcoinHeaderHash.length !== 32)
    throw new RangeError('previousBitcoinHeaderHash must be 32 bytes')
  const time = Number(timestamp)
  if (!Number.isInteger(time) || time < 0 || time > 0xffffffff) {
    throw new RangeError(`timestamp does not fit a Bitcoin header: ${timestamp}`)
  }
  const { target, bits } = targetOf(difficulty)
  const coinbaseParameters = { hashForMergedMining, seed, extraNonce }
  const fullCoinbase = serializeMergedMiningCoinbase(coinbaseParameters)
  const tree = coinbaseMerklePath(sha256d(fullCoinbase), seed, derivation)
  const header: BitcoinHeader = {
    version: MERGED_MINING_HEADER_VERSION,
    previousBlockHash: previousBitcoinHeaderHash,
    merkleRoot: tree.root,
    time,
    // Informative only: RSK checks the RSK target, not the Bitcoin header's own bits.
    bits,
    nonce: 0,
  }
  return {
    header,
    target,
    fields: {
      bitcoinMergedMiningCoinbaseTransaction: compressCoinbase(fullCoinbase),
      bitcoinMergedMiningMerkleProof: tree.proof,
      fullCoinbase,
      bitcoinBlock: new LazyBitcoinBlock(header, coinbaseParameters, seed, derivation),
    },
  }
}

/**
 * The merkle root (display order) over the coinbase (`coinbaseId`, internal order) and the
 * block's fillers, and the coinbase's proof. With filler sets only the coinbase's path is hashed
 * (the nodes off it are the set's); fillers of the block's own are hashed, and the tree built, here.
 */
function coinbaseMerklePath(
  coinbaseId: Uint8Array,
  seed: Uint8Array,
  derivation: FillerDerivation,
): { root: Uint8Array; proof: Uint8Array } {
  if (derivation === 'per-block') {
    const ids = [coinbaseId]
    for (const filler of serializedFillerTransactions(seed, derivation)) ids.push(sha256d(filler))
    const tree = merkleTreeOfInternalIds(ids)
    return { root: tree.root, proof: concatBytes(...tree.coinbaseBranch) }
  }
  const set = fillerSet(seed)
  let node = coinbaseId
  for (const sibling of set.siblings) {
    pair.set(node, 0)
    pair.set(sibling, 32)
    node = sha256d(pair)
  }
  // A copy of the proof: the set's is shared by every block that draws it.
  return { root: reverseBytes(node), proof: set.proof.slice() }
}

/** Two merkle nodes side by side, the input of their parent's hash; sha256d copies nothing out of it. */
const pair = new Uint8Array(64)

/** The last difficulty's target and compact bits: a chain mines at one difficulty for long runs. */
let lastTarget: { difficulty: bigint; target: bigint; bits: number } | undefined

function targetOf(difficulty: bigint): { target: bigint; bits: number } {
  if (lastTarget?.difficulty !== difficulty) {
    const target = difficultyToTarget(difficulty)
    lastTarget = { difficulty, target, bits: encodeCompactBits(target) }
  }
  return lastTarget
}

/**
 * The simulated Bitcoin block, its transaction objects built when first read. A class: an
 * object literal with a getter costs a fresh hidden class per block.
 */
class LazyBitcoinBlock implements BitcoinBlock {
  readonly header: BitcoinHeader
  readonly #coinbase: BuildMergedMiningCoinbaseParameters
  readonly #seed: Uint8Array
  readonly #derivation: FillerDerivation
  #transactions: BitcoinTransaction[] | undefined
  constructor(
    header: BitcoinHeader,
    coinbase: BuildMergedMiningCoinbaseParameters,
    seed: Uint8Array,
    derivation: FillerDerivation,
  ) {
    this.header = header
    this.#coinbase = coinbase
    this.#seed = seed
    this.#derivation = derivation
  }

  get transactions(): BitcoinTransaction[] {
    this.#transactions ??= [
      buildMergedMiningCoinbase(this.#coinbase),
      ...fillerTransactions(this.#seed, this.#derivation),
    ]
    return this.#transactions
  }
}

/** A block's transactions with another header (the template's, once its nonce is found). */
class WithHeaderBitcoinBlock implements BitcoinBlock {
  readonly header: BitcoinHeader
  readonly #source: BitcoinBlock
  constructor(header: BitcoinHeader, source: BitcoinBlock) {
    this.header = header
    this.#source = source
  }

  get transactions(): BitcoinTransaction[] {
    return this.#source.transactions
  }
}

/**
 * The template's fields with `header` (already carrying its nonce) in place. `headerHash` is the
 * header's display-order hash when the caller has just computed it (the grinder has).
 */
export function completeMergedMiningFields(
  template: MergedMiningTemplate,
  header: BitcoinHeader,
  headerHash?: Uint8Array,
  encoded?: Uint8Array,
): MineMergedMiningFieldsReturnType {
  const encodedHeader = encoded ?? encodeBitcoinHeader(header)
  const { fields } = template
  // Fields are named one by one: spreading would read (and so build) the lazy transactions.
  return {
    bitcoinMergedMiningCoinbaseTransaction: fields.bitcoinMergedMiningCoinbaseTransaction,
    bitcoinMergedMiningMerkleProof: fields.bitcoinMergedMiningMerkleProof,
    fullCoinbase: fields.fullCoinbase,
    bitcoinMergedMiningHeader: encodedHeader,
    bitcoinHeaderHash: headerHash ?? bitcoinHeaderHash(encodedHeader),
    bitcoinBlock: new WithHeaderBitcoinBlock(header, fields.bitcoinBlock),
  }
}

/** Mines the merged-mining fields of one RSK block. Pure: the same inputs give the same bytes. */
export function mineMergedMiningFields(
  parameters: MineMergedMiningFieldsParameters,
): MineMergedMiningFieldsReturnType {
  // Each extranonce gives a fresh coinbase, merkle root and 2^32 nonces, as pools roll it.
  for (let extraNonce = 0; ; extraNonce++) {
    const template = buildMergedMiningTemplate(parameters, extraNonce)
    const encoded = encodeBitcoinHeader(template.header)
    const found = grindHeader({ header: encoded, target: template.target })
    if (found !== null) {
      // The nonce is the header's last four bytes, little-endian: patched in, not re-encoded.
      new DataView(encoded.buffer, encoded.byteOffset, encoded.length).setUint32(76, found.nonce, true)
      const header = { ...template.header, nonce: found.nonce }
      return completeMergedMiningFields(template, header, found.hash, encoded)
    }
  }
}
