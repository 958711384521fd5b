/**
 * The JSON shapes of `mnr_getWork` (`co/rsk/mine/MinerWork.java`) and of a successful
 * `mnr_submit*` (`co/rsk/mine/SubmittedBlockInfo.java`), field order as RSKj declares them.
 */
import { bytesToHex, type Hex, utf8ToBytes } from '../../util/hex'
import { difficultyToTarget, targetToBytes } from '../target'

export type MinerWork = {
  blockHashForMergedMining: Hex
  /** 2^256 / max(difficulty, 3) as 32 zero-padded bytes. */
  target: Hex
  /** Decimal string (`Coin.toString()`), in wei. */
  feesPaidToMiner: string
  /** True when this work should replace what miners hold (new parent, or fees up more than 10%). */
  notify: boolean
  parentBlockHash: Hex
}

export type BuildMinerWorkParameters = {
  hashForMergedMining: Uint8Array
  difficulty: bigint
  /** The template's fees for the miner, in wei. */
  feesPaidToMiner: bigint
  notify: boolean
  parentBlockHash: Uint8Array
}

/** `MinerServerImpl.updateGetWork`. */
export function buildMinerWork({
  hashForMergedMining,
  difficulty,
  feesPaidToMiner,
  notify,
  parentBlockHash,
}: BuildMinerWorkParameters): MinerWork {
  return {
    blockHashForMergedMining: bytesToHex(hashForMergedMining),
    target: bytesToHex(targetToBytes(difficultyToTarget(difficulty))),
    feesPaidToMiner: feesPaidToMiner.toString(10),
    notify,
    parentBlockHash: bytesToHex(parentBlockHash),
  }
}

/** `RskMiningConstants.NOTIFY_FEES_PERCENTAGE_INCREASE`. */
export const NOTIFY_FEES_PERCENTAGE_INCREASE = 10n

/**
 * Whether fees grew enough to notify miners (`MinerServerImpl`: fees > last notified fees · 110 / 100,
 * integer division). RSKj also requires a configured minimum in dollars, which a dev node leaves out.
 */
export function feesWarrantNotify(latestNotifiedFees: bigint, fees: bigint): boolean {
  return fees > (latestNotifiedFees * (100n + NOTIFY_FEES_PERCENTAGE_INCREASE)) / 100n
}

/** `org.ethereum.core.ImportResult`. */
export type ImportResult =
  | 'IMPORTED_BEST'
  | 'IMPORTED_NOT_BEST'
  | 'EXIST'
  | 'NO_PARENT'
  | 'INVALID_BLOCK'
  | 'CONSENSUS_BREAK'

export type SubmittedBlockInfo = {
  /** The ImportResult name's ASCII bytes as hex, e.g. `0x494d504f525445445f42455354` = IMPORTED_BEST. */
  blockImportedResult: Hex
  blockHash: Hex
  /** Quantity. */
  blockIncludedHeight: Hex
}

export function buildSubmittedBlockInfo(
  importResult: ImportResult,
  blockHash: Uint8Array,
  blockNumber: bigint | number,
): SubmittedBlockInfo {
  return {
    blockImportedResult: bytesToHex(utf8ToBytes(importResult)),
    blockHash: bytesToHex(blockHash),
    blockIncludedHeight: `0x${BigInt(blockNumber).toString(16)}`,
  }
}
