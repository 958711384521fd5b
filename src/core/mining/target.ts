/**
 * RSK's difficulty-to-target rule (`co/rsk/util/DifficultyUtils.difficultyToTarget`):
 * target = 2^256 / max(difficulty, 3). Difficulties below 3 are raised to 3 so the target stays
 * below 2^255 and fits 32 bytes; a Bitcoin header hash (display order, as an integer) must be ≤ it.
 */
import { bigintToPaddedBytes } from '../util/hex'

const TWO_POW_256 = 1n << 256n

export function difficultyToTarget(difficulty: bigint): bigint {
  return TWO_POW_256 / (difficulty < 3n ? 3n : difficulty)
}

/** The target as 32 big-endian bytes, zero-padded (what `mnr_getWork` reports in `target`). */
export function targetToBytes(target: bigint): Uint8Array {
  return bigintToPaddedBytes(target, 32)
}
