/**
 * The Rootstock block header (reference §1.1–1.4; RSKj `BlockHeader`, `BlockHeaderV0/V1/V2`,
 * `BlockHeaderExtensionV1/V2`, `GenesisHeader`) and its encodings:
 *
 * | RSKj                         | here                          | used for                          |
 * |------------------------------|-------------------------------|-----------------------------------|
 * | `getFullEncoded()`           | `encodeFullHeader`            | inside the block RLP, uncles, storage |
 * | `getEncodedForHash()`        | `encodeHeaderForHash`         | `blockHash`                       |
 * | `getEncoded()`               | `encodeRawHeader`             | `rsk_getRawBlockHeaderBy*`        |
 * | `getEncoded(false,false,true)` | `baseHashForMergedMining`   | `hashForMergedMining`             |
 */
import { keccak256 } from '../crypto/hash.js'
import { type Address, bytesToHex, hexToBytes } from '../util/hex.js'
import {
  bigIntegerSlot,
  blockDifficultySlot,
  genesisDifficultySlot,
  javaSignedBytes,
  rlpEncode,
  shortsSlot,
  signedCoinNonNullZeroSlot,
} from './rlp.js'
import { rlpEncodedLength } from './rlpEncode.js'

export type HeaderVersion = 0 | 1 | 2

export interface BlockHeader {
  parentHash: Uint8Array
  /** keccak256 of the RLP list of uncle headers (`sha3Uncles`). */
  unclesHash: Uint8Array
  coinbase: Address
  stateRoot: Uint8Array
  transactionsRoot: Uint8Array
  receiptsRoot: Uint8Array
  /** The real 256-byte bloom, for every version (V1/V2 hash a commitment to it instead). */
  logsBloom: Uint8Array
  difficulty: bigint
  number: bigint
  gasLimit: bigint
  gasUsed: bigint
  timestamp: bigint
  extraData: Uint8Array
  paidFees: bigint
  /** null only for headers without a minimum gas price (encoded 0x80); 0 is encoded as the byte 0x00. */
  minimumGasPrice: bigint | null
  uncleCount: number
  /** RSKIPUMM: null = field absent (genesis, pre-UMM); empty = present but not a UMM block; else 20 bytes. */
  ummRoot: Uint8Array | null
  /** RSKIP351 header version. */
  version: HeaderVersion
  /** RSKIP144 parallel-execution sublist edges (`rskPteEdges`); null = field absent. */
  txExecutionSublistsEdges: number[] | null
  /** RSKIP535, at most 128 bytes. V0: null = field absent; V2: always written (null as empty); V1: unused. */
  baseEvent: Uint8Array | null
  /** 80-byte Bitcoin header; empty when not (yet) mined. */
  bitcoinMergedMiningHeader: Uint8Array
  bitcoinMergedMiningMerkleProof: Uint8Array
  /** Compressed coinbase (midstate + tail, reference §2.3). */
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  /**
   * Genesis only: the difficulty bytes exactly as in the genesis file, which RSKj hashes as-is
   * (regtest: 5 bytes `0000000001`). Absent: the difficulty is encoded like any block's.
   */
  genesisDifficultyBytes?: Uint8Array
}

export interface HeaderEncodingOptions {
  /**
   * RSKIP92 (Orchid): the merkle proof and coinbase are left out of the hashed and raw encodings.
   * Active from block 0 on every network this node simulates; false only to check old blocks.
   */
  rskip92?: boolean
}

const BASE_EVENT_MAX_SIZE = 128
const UMM_ROOT_LENGTH = 20
const HASH_PREFIX_LENGTH = 20
export const FORK_DETECTION_DATA_LENGTH = 12

export function hasMergedMiningFields(header: BlockHeader): boolean {
  return (
    header.bitcoinMergedMiningHeader.length > 0 ||
    header.bitcoinMergedMiningMerkleProof.length > 0 ||
    header.bitcoinMergedMiningCoinbaseTransaction.length > 0
  )
}

/**
 * The V1/V2 extension hash that replaces the bloom in hashed encodings:
 * V1 `keccak(rlp([keccak(bloom), edges?]))`, V2 `keccak(rlp([keccak(bloom), baseEvent ?? '', edges?]))`.
 */
export function headerExtensionHash(header: BlockHeader): Uint8Array {
  // A block's header is encoded several times in a row (hashForMergedMining, hash, size), each
  // time with this hash: the last one is kept with copies of the fields it was computed from.
  const last = lastExtension
  if (
    last &&
    last.version === header.version &&
    equalBytes(last.bloom, header.logsBloom) &&
    equalOptionalBytes(last.baseEvent, header.baseEvent ?? null) &&
    equalEdges(last.edges, header.txExecutionSublistsEdges ?? null)
  ) {
    return last.hash.slice()
  }
  const hash = computeExtensionHash(header)
  lastExtension = {
    version: header.version,
    bloom: header.logsBloom.slice(),
    baseEvent: header.baseEvent?.slice() ?? null,
    edges: header.txExecutionSublistsEdges?.slice() ?? null,
    hash: hash.slice(),
  }
  return hash
}

let lastExtension:
  | {
      version: number
      bloom: Uint8Array
      baseEvent: Uint8Array | null
      edges: number[] | null
      hash: Uint8Array
    }
  | undefined

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function equalOptionalBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  return a === null || b === null ? a === b : equalBytes(a, b)
}

function equalEdges(a: number[] | null, b: number[] | null): boolean {
  if (a === null || b === null) return a === b
  return a.length === b.length && a.every((edge, i) => edge === b[i])
}

function computeExtensionHash(header: BlockHeader): Uint8Array {
  const items: Uint8Array[] = [keccak256(header.logsBloom)]
  if (header.version === 2) items.push(header.baseEvent ?? new Uint8Array(0))
  if (header.txExecutionSublistsEdges) items.push(shortsSlot(header.txExecutionSublistsEdges))
  return keccak256(rlpEncode(items))
}

/**
 * Field 6 of the compressed encoding: the bloom for V0; for V1/V2 the bytes of
 * `rlp([version, extensionHash])`, placed as a byte string (so the list is wrapped, not inlined).
 */
function compressedField6(header: BlockHeader): Uint8Array {
  if (header.version === 0) return header.logsBloom
  return rlpEncode([Uint8Array.of(header.version), headerExtensionHash(header)])
}

function isGenesis(header: BlockHeader): boolean {
  return header.number === 0n
}

/** RSKj `BlockHeader.getEncoded(withMergedMiningFields, withMerkleProofAndCoinbase, compressed)`. */
export function encodeHeader(
  header: BlockHeader,
  withMergedMiningFields: boolean,
  withMerkleProofAndCoinbase: boolean,
  compressed: boolean,
): Uint8Array {
  return rlpEncode(headerSlots(header, withMergedMiningFields, withMerkleProofAndCoinbase, compressed))
}

/** The header's number-like fields in their encoded forms (read only, never modified). */
type ScalarSlots = {
  coinbase: Uint8Array
  difficulty: Uint8Array
  number: Uint8Array
  gasLimit: Uint8Array
  gasUsed: Uint8Array
  timestamp: Uint8Array
  paidFees: Uint8Array
  minimumGasPrice: Uint8Array
  uncleCount: Uint8Array
}

function genesisScalarSlots(header: BlockHeader): ScalarSlots {
  return {
    coinbase: hexToBytes(header.coinbase),
    difficulty: header.genesisDifficultyBytes
      ? genesisDifficultySlot(header.genesisDifficultyBytes)
      : blockDifficultySlot(header.difficulty),
    number: bigIntegerSlot(header.number),
    // The genesis loader strips leading zeros of the gas limit (see minedScalarSlots).
    gasLimit: bigIntegerSlot(header.gasLimit),
    gasUsed: bigIntegerSlot(header.gasUsed),
    timestamp: bigIntegerSlot(header.timestamp),
    paidFees: bigIntegerSlot(header.paidFees),
    minimumGasPrice: signedCoinNonNullZeroSlot(header.minimumGasPrice),
    uncleCount: bigIntegerSlot(BigInt(header.uncleCount)),
  }
}

function minedScalarSlots(header: BlockHeader): ScalarSlots {
  return {
    coinbase: hexToBytes(header.coinbase),
    difficulty: blockDifficultySlot(header.difficulty),
    number: bigIntegerSlot(header.number),
    // Mined blocks store `BigInteger.toByteArray()` of the gas limit (BlockToMineBuilder), so a
    // limit ≥ 0x800000 carries a sign byte; the genesis loader strips leading zeros instead.
    gasLimit: javaSignedBytes(header.gasLimit),
    gasUsed: bigIntegerSlot(header.gasUsed),
    timestamp: bigIntegerSlot(header.timestamp),
    paidFees: bigIntegerSlot(header.paidFees),
    minimumGasPrice: signedCoinNonNullZeroSlot(header.minimumGasPrice),
    uncleCount: bigIntegerSlot(BigInt(header.uncleCount)),
  }
}

/**
 * A block's header is encoded several times in a row (hashForMergedMining, hash, size, record),
 * so the last mined header's scalar slots are kept with the values they encode and reused while
 * those values are the same. The slots only ever go into an RLP encoding, which copies them.
 */
let lastScalars:
  | {
      coinbase: string
      difficulty: bigint
      number: bigint
      gasLimit: bigint
      gasUsed: bigint
      timestamp: bigint
      paidFees: bigint
      minimumGasPrice: bigint | null
      uncleCount: number
      slots: ScalarSlots
    }
  | undefined

function cachedScalarSlots(header: BlockHeader): ScalarSlots {
  const last = lastScalars
  if (
    last &&
    last.number === header.number &&
    last.timestamp === header.timestamp &&
    last.gasUsed === header.gasUsed &&
    last.paidFees === header.paidFees &&
    last.difficulty === header.difficulty &&
    last.gasLimit === header.gasLimit &&
    last.minimumGasPrice === header.minimumGasPrice &&
    last.uncleCount === header.uncleCount &&
    last.coinbase === header.coinbase
  ) {
    return last.slots
  }
  const slots = minedScalarSlots(header)
  lastScalars = {
    coinbase: header.coinbase,
    difficulty: header.difficulty,
    number: header.number,
    gasLimit: header.gasLimit,
    gasUsed: header.gasUsed,
    timestamp: header.timestamp,
    paidFees: header.paidFees,
    minimumGasPrice: header.minimumGasPrice,
    uncleCount: header.uncleCount,
    slots,
  }
  return slots
}

function headerSlots(
  header: BlockHeader,
  withMergedMiningFields: boolean,
  withMerkleProofAndCoinbase: boolean,
  compressed: boolean,
): Uint8Array[] {
  if (header.baseEvent && header.baseEvent.length > BASE_EVENT_MAX_SIZE) {
    throw new RangeError(`baseEvent length cannot exceed ${BASE_EVENT_MAX_SIZE} bytes`)
  }
  const genesis = isGenesis(header)
  const scalars = genesis ? genesisScalarSlots(header) : cachedScalarSlots(header)
  const slots: Uint8Array[] = [
    header.parentHash,
    header.unclesHash,
    scalars.coinbase,
    header.stateRoot,
    header.transactionsRoot,
    header.receiptsRoot,
    compressed ? compressedField6(header) : header.logsBloom,
    scalars.difficulty,
    scalars.number,
    scalars.gasLimit,
    scalars.gasUsed,
    scalars.timestamp,
    header.extraData,
    scalars.paidFees,
    scalars.minimumGasPrice,
    scalars.uncleCount,
  ]
  if (header.ummRoot) slots.push(header.ummRoot)
  addVersionFields(header, compressed, slots)
  if (withMergedMiningFields && hasMergedMiningFields(header)) {
    slots.push(header.bitcoinMergedMiningHeader)
    if (withMerkleProofAndCoinbase) {
      slots.push(header.bitcoinMergedMiningMerkleProof, header.bitcoinMergedMiningCoinbaseTransaction)
    }
  }
  return slots
}

/** `addExtraFieldsToEncodedHeader` of each version. */
function addVersionFields(header: BlockHeader, compressed: boolean, slots: Uint8Array[]): void {
  const edges = header.txExecutionSublistsEdges
  if (header.version === 0) {
    // V0 writes the same extra fields in both forms.
    if (edges) slots.push(shortsSlot(edges))
    if (header.baseEvent) slots.push(header.baseEvent)
    return
  }
  if (compressed) return
  slots.push(Uint8Array.of(header.version))
  if (edges) slots.push(shortsSlot(edges))
  // RSKj V2 headers always carry a base event (the builder and the decoder default it to empty),
  // so a V2 header without one is written with an empty one.
  if (header.version === 2) slots.push(header.baseEvent ?? new Uint8Array(0))
}

/** RSKj `getFullEncoded()`: everything, real bloom; what blocks, uncles and storage hold. */
export function encodeFullHeader(header: BlockHeader): Uint8Array {
  return encodeHeader(header, true, true, false)
}

/** `encodeFullHeader(header).length` without building the encoding (a block's size needs it). */
export function fullHeaderLength(header: BlockHeader): number {
  return rlpEncodedLength(headerSlots(header, true, true, false))
}

/** RSKj `getEncodedForHash()`: compressed, with the Bitcoin header; proof and coinbase only before RSKIP92. */
export function encodeHeaderForHash(header: BlockHeader, options: HeaderEncodingOptions = {}): Uint8Array {
  return encodeHeader(header, true, !(options.rskip92 ?? true), true)
}

/** RSKj `getEncoded()`: uncompressed, without proof and coinbase after RSKIP92 (`rsk_getRawBlockHeaderBy*`). */
export function encodeRawHeader(header: BlockHeader, options: HeaderEncodingOptions = {}): Uint8Array {
  return encodeHeader(header, true, !(options.rskip92 ?? true), false)
}

export function blockHash(header: BlockHeader, options: HeaderEncodingOptions = {}): Uint8Array {
  return keccak256(encodeHeaderForHash(header, options))
}

/**
 * RSKj `getBaseHashForMergedMining`: keccak of the compressed encoding without the three
 * merged-mining fields; for a UMM block (non-empty ummRoot) `keccak(hash[0..20) ‖ ummRoot)`.
 */
export function baseHashForMergedMining(header: BlockHeader): Uint8Array {
  const hash = keccak256(encodeHeader(header, false, false, true))
  const umm = header.ummRoot
  if (!umm || umm.length === 0) return hash
  if (umm.length !== UMM_ROOT_LENGTH) {
    throw new Error(`UMM Root length must be either 0 or ${UMM_ROOT_LENGTH}. Found: ${umm.length}`)
  }
  const leftRight = new Uint8Array(HASH_PREFIX_LENGTH + UMM_ROOT_LENGTH)
  leftRight.set(hash.subarray(0, HASH_PREFIX_LENGTH), 0)
  leftRight.set(umm, HASH_PREFIX_LENGTH)
  return keccak256(leftRight)
}

/**
 * RSKj `getHashForMergedMining`: the base hash, with bytes [20..32) replaced by the 12 bytes of
 * fork detection data when given (RSKIP110, blocks ≥ 449). Pass the data computed for a block
 * being mined (`computeForkDetectionData`) or read from a mined block's coinbase
 * (`forkDetectionDataFromCoinbase`).
 */
export function hashForMergedMining(header: BlockHeader, forkDetectionData?: Uint8Array): Uint8Array {
  const hash = baseHashForMergedMining(header)
  if (forkDetectionData && forkDetectionData.length > 0) {
    if (forkDetectionData.length !== FORK_DETECTION_DATA_LENGTH) {
      throw new Error(
        `fork detection data must be ${FORK_DETECTION_DATA_LENGTH} bytes, got ${forkDetectionData.length}`,
      )
    }
    hash.set(forkDetectionData, HASH_PREFIX_LENGTH)
  }
  return hash
}

/** `RSKBLOCK:` — the tag that precedes hashForMergedMining in the Bitcoin coinbase. */
export const RSK_TAG = Uint8Array.of(0x52, 0x53, 0x4b, 0x42, 0x4c, 0x4f, 0x43, 0x4b, 0x3a)

/**
 * RSKj `getMiningForkDetectionData` for a mined header: the 12 bytes after the last occurrence of
 * `RSKBLOCK:` + the first 20 bytes of the base hash in the (compressed) coinbase.
 */
export function forkDetectionDataFromCoinbase(header: BlockHeader): Uint8Array {
  const coinbase = header.bitcoinMergedMiningCoinbaseTransaction
  const needle = new Uint8Array(RSK_TAG.length + HASH_PREFIX_LENGTH)
  needle.set(RSK_TAG, 0)
  needle.set(baseHashForMergedMining(header).subarray(0, HASH_PREFIX_LENGTH), RSK_TAG.length)
  const position = lastIndexOf(coinbase, needle)
  if (position === -1) {
    throw new Error(`Mining fork detection data could not be found. Header: ${bytesToHex(blockHash(header))}`)
  }
  const from = position + needle.length
  if (coinbase.length < from + FORK_DETECTION_DATA_LENGTH) {
    throw new Error(
      `Invalid fork detection data length. Expected: ${FORK_DETECTION_DATA_LENGTH}. Got: ${coinbase.length - from}. Header: ${bytesToHex(blockHash(header))}`,
    )
  }
  return coinbase.slice(from, from + FORK_DETECTION_DATA_LENGTH)
}

export function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
