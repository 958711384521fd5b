/**
 * Fork detection data (RSKIP110, `co/rsk/mine/ForkDetectionDataCalculator.java`): 12 bytes that
 * replace bytes [20..32) of hashForMergedMining from block 449 on.
 *
 *   [0..7)  commit-to-parents vector: for i = 0..6, the last byte of the (display-order) Bitcoin
 *           header hash of block `cpvStart − 64·i`, where cpvStart = ⌊parent/64⌋·64
 *   [7]     sum of the uncle counts of the parent and its 31 predecessors, capped at 255
 *   [8..12) height of the block being mined, 4 bytes big-endian
 */
import { sha256d } from '../crypto/fastSha256.js'

export const CPV_SIZE = 7
export const CPV_JUMP_FACTOR = 64n
export const UNCLE_WINDOW = 32
/** RSKj needs 7·64 + 1 main-chain headers, so the first block with the data is 449. */
export const FIRST_BLOCK_WITH_FORK_DETECTION_DATA = 449n

export interface ForkDetectionAncestor {
  bitcoinMergedMiningHeader: Uint8Array
  uncleCount: number
}

/**
 * The block numbers whose headers the computation reads, so an async caller can load them first.
 * Empty when the block being mined (parent + 1) is below 449.
 */
export function forkDetectionAncestors(parentNumber: bigint): {
  commitToParents: bigint[]
  uncleCounts: bigint[]
} {
  if (parentNumber + 1n < FIRST_BLOCK_WITH_FORK_DETECTION_DATA)
    return { commitToParents: [], uncleCounts: [] }
  const cpvStart = (parentNumber / CPV_JUMP_FACTOR) * CPV_JUMP_FACTOR
  // Plain loops: this runs for every mined block.
  const commitToParents: bigint[] = []
  for (let i = 0; i < CPV_SIZE; i++) commitToParents.push(cpvStart - BigInt(i) * CPV_JUMP_FACTOR)
  const uncleCounts: bigint[] = []
  for (let i = 0n; i < BigInt(UNCLE_WINDOW); i++) uncleCounts.push(parentNumber - i)
  return { commitToParents, uncleCounts }
}

/**
 * First byte of each merged-mining header's double SHA-256, per header object: a block's
 * commit-to-parents vector reads the same seven headers for 64 blocks in a row.
 */
const cpvBytes = new WeakMap<Uint8Array, number>()

function cpvByte(bitcoinMergedMiningHeader: Uint8Array): number {
  let byte = cpvBytes.get(bitcoinMergedMiningHeader)
  if (byte === undefined) {
    byte = sha256d(bitcoinMergedMiningHeader)[0] as number
    cpvBytes.set(bitcoinMergedMiningHeader, byte)
  }
  return byte
}

/**
 * The 12 bytes for the child of `parentNumber` (main chain), or empty below block 449, as RSKj
 * returns `new byte[0]` there. `ancestor(n)` gives the main-chain header at height n.
 */
export function computeForkDetectionData(
  parentNumber: bigint,
  ancestor: (blockNumber: bigint) => ForkDetectionAncestor,
): Uint8Array {
  return forkDetectionDataOf(parentNumber, forkDetectionAncestors(parentNumber), ancestor)
}

/** {@link computeForkDetectionData} for a caller that already has `forkDetectionAncestors(parentNumber)`. */
export function forkDetectionDataOf(
  parentNumber: bigint,
  { commitToParents, uncleCounts }: { commitToParents: bigint[]; uncleCounts: bigint[] },
  ancestor: (blockNumber: bigint) => ForkDetectionAncestor,
): Uint8Array {
  if (commitToParents.length === 0) return new Uint8Array(0)
  const out = new Uint8Array(12)
  commitToParents.forEach((height, i) => {
    // bitcoinj's hash is the byte-reversed double SHA-256, so its last byte is the digest's first.
    out[i] = cpvByte(ancestor(height).bitcoinMergedMiningHeader)
  })
  let uncles = 0
  for (const height of uncleCounts) uncles += ancestor(height).uncleCount
  out[7] = Math.min(uncles, 255)
  const height = Number(BigInt.asUintN(32, parentNumber + 1n))
  out[8] = height >>> 24
  out[9] = (height >>> 16) & 0xff
  out[10] = (height >>> 8) & 0xff
  out[11] = height & 0xff
  return out
}
