/**
 * RSKIP110 fork detection data as RSKj re-reads it from a mined block
 * (`BlockHeader.getMiningForkDetectionData`): the 12 bytes that follow `RSKBLOCK:` and the first 20
 * bytes of the base hashForMergedMining in the stored (compressed) coinbase. They replace bytes 20..32
 * of the hashForMergedMining from block 449 on (reference §1.4).
 */
import { lastIndexOfBytes, RSK_TAG } from './coinbase'

/** `BlockHeader.HASH_FOR_MERGED_MINING_PREFIX_LENGTH`. */
export const HASH_FOR_MERGED_MINING_PREFIX_LENGTH = 20
/** `BlockHeader.FORK_DETECTION_DATA_LENGTH`. */
export const FORK_DETECTION_DATA_LENGTH = 12

export class ForkDetectionDataError extends Error {
  override name = 'ForkDetectionDataError'
}

/**
 * Reads the fork detection data of a mined block. `baseHashForMergedMining` is the hash before the
 * fork detection data is spliced in; `printableHash` (hex without 0x) only feeds the error texts.
 */
export function readForkDetectionData(
  compressedCoinbase: Uint8Array,
  baseHashForMergedMining: Uint8Array,
  printableHash = '',
): Uint8Array {
  const marker = new Uint8Array(RSK_TAG.length + HASH_FOR_MERGED_MINING_PREFIX_LENGTH)
  marker.set(RSK_TAG)
  marker.set(baseHashForMergedMining.subarray(0, HASH_FOR_MERGED_MINING_PREFIX_LENGTH), RSK_TAG.length)
  const position = lastIndexOfBytes(compressedCoinbase, marker)
  if (position === -1) {
    throw new ForkDetectionDataError(
      `Mining fork detection data could not be found. Header: ${printableHash}`,
    )
  }
  const from = position + marker.length
  const to = from + FORK_DETECTION_DATA_LENGTH
  if (compressedCoinbase.length < to) {
    throw new ForkDetectionDataError(
      `Invalid fork detection data length. Expected: ${FORK_DETECTION_DATA_LENGTH}. Got: ${compressedCoinbase.length - from}. Header: ${printableHash}`,
    )
  }
  return compressedCoinbase.slice(from, to)
}
