/**
 * The check a merged-mining proof from outside passes before its block is committed: an
 * `mnr_submit*` submission and an `eth_submitWork` nonce both end here. It runs the independent
 * checker (RSKj `ProofOfWorkRule` + RSKIP92 proof validation) on the header's three fields against
 * the hashForMergedMining recomputed from the header. The built-in miner's blocks are held to the
 * same checker by its tests (miner.test.ts, and here `validateMergedMining` on `sealBlock`'s output).
 */
import type { BlockHeader } from '../../chain/header.js'
import { checkMergedMining, verifyMergedMining } from '../../mining/verify/verifyMergedMining.js'
import type { VerifyMergedMiningReturnType } from '../../mining/verify/verifyTypes.js'

/** Checks a sealed header's proof of work, `RSKBLOCK:` tag and merkle proof. */
export function validateMergedMining(
  header: BlockHeader,
  hashForMergedMining: Uint8Array,
): VerifyMergedMiningReturnType {
  return verifyMergedMining({
    hashForMergedMining,
    difficulty: header.difficulty,
    bitcoinMergedMiningHeader: header.bitcoinMergedMiningHeader,
    bitcoinMergedMiningCoinbaseTransaction: header.bitcoinMergedMiningCoinbaseTransaction,
    bitcoinMergedMiningMerkleProof: header.bitcoinMergedMiningMerkleProof,
  })
}

/** A block whose merged-mining proof the checker refused; nothing was committed. */
export class InvalidMergedMiningError extends Error {
  override name = 'InvalidMergedMiningError'
  constructor(
    readonly blockNumber: bigint,
    readonly reason: string,
  ) {
    super(`block ${blockNumber}: merged-mining proof refused: ${reason}`)
  }
}

/** {@link validateMergedMining}, throwing when the proof does not hold. */
export function assertValidMergedMining(header: BlockHeader, hashForMergedMining: Uint8Array): void {
  // The same checks as `validateMergedMining`, without the hex report it would throw away.
  const result = checkMergedMining({
    hashForMergedMining,
    difficulty: header.difficulty,
    bitcoinMergedMiningHeader: header.bitcoinMergedMiningHeader,
    bitcoinMergedMiningCoinbaseTransaction: header.bitcoinMergedMiningCoinbaseTransaction,
    bitcoinMergedMiningMerkleProof: header.bitcoinMergedMiningMerkleProof,
  })
  if (!result.valid) throw new InvalidMergedMiningError(header.number, result.reason ?? 'invalid')
}
