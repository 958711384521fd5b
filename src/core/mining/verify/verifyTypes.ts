/** Inputs and outputs of `verifyMergedMining`; the DevTools panel renders `decoded`. */
import type { Hex } from '../../util/hex'

export type VerifyMergedMiningParameters = {
  hashForMergedMining: Uint8Array
  difficulty: bigint
  bitcoinMergedMiningHeader: Uint8Array
  /** Compressed as RSKj stores it: byteCount (8 BE) || SHA-256 state (32) || tail. */
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  bitcoinMergedMiningMerkleProof: Uint8Array
}

export type CheckStatus = 'pass' | 'fail' | 'skipped'

export type MergedMiningChecks = {
  /** The Bitcoin header is exactly 80 bytes. */
  headerSize: CheckStatus
  /** Header hash (display order, as an integer) ≤ 2^256 / max(difficulty, 3). */
  pow: CheckStatus
  /** The tail holds `RSKBLOCK:` + hashForMergedMining and no later `RSKBLOCK:`. */
  tag: CheckStatus
  /** The tag starts before byte 64 of the tail and at most 128 bytes follow the hash. */
  tagPosition: CheckStatus
  /** Compressed form has its 40-byte midstate and the whole coinbase is over 64 bytes. */
  coinbaseLength: CheckStatus
  /** Proof length is a multiple of 32 and at most 960 bytes. */
  proofFormat: CheckStatus
  /** Folding the coinbase txid with the proof gives the header's merkle root. */
  merkleProof: CheckStatus
}

export type DecodedBitcoinHeader = {
  version: number
  previousBlockHash: Hex
  merkleRoot: Hex
  time: number
  bits: number
  nonce: number
}

export type DecodedCoinbase = {
  /** Bytes of the coinbase summarized by the midstate (a multiple of 64 when built by RSKj). */
  midstateByteCount: number
  /** H0..H7 after those bytes. */
  midstate: Hex
  tail: Hex
  /** Where `RSKBLOCK:` + hashForMergedMining starts in the tail, -1 when absent. */
  tagPositionInTail: number
  /** The same position counted from the start of the full coinbase, -1 when absent. */
  tagPositionInCoinbase: number
  /** Offset of the last `RSKBLOCK:` of any kind in the tail, -1 when none. */
  lastTagPositionInTail: number
  /** The 32 bytes after the last `RSKBLOCK:` in the tail, when there are 32. */
  committedHash: Hex | null
  /** Bytes after the committed hash; RSKj allows at most 128. */
  bytesAfterHash: number | null
  /** midstateByteCount + tail length. */
  coinbaseLength: number
}

export type MerklePathStep = {
  /** The proof's hash at this level (the right-hand node), display order. */
  sibling: Hex
  /** combineLeftRight(previous, sibling), display order; null when RSKj refuses the pair. */
  parent: Hex | null
}

export type VerifyMergedMiningReturnType = {
  valid: boolean
  checks: MergedMiningChecks
  /** RSKj's reason for the first failing rule, absent when valid. */
  reason?: string
  decoded: {
    header: DecodedBitcoinHeader | null
    /** Display-order double SHA-256 of the header. */
    bitcoinHash: Hex | null
    /** 2^256 / max(difficulty, 3), 32 bytes. */
    target: Hex
    coinbase: DecodedCoinbase | null
    /** Display order: reverse(SHA256(SHA256-resumed(midstate, tail))). */
    coinbaseTxid: Hex | null
    merklePath: MerklePathStep[]
    /** The root the path arrives at, display order. */
    computedMerkleRoot: Hex | null
  }
}
