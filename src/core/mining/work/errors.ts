/**
 * Errors of the `mnr_*` methods, each with the JSON-RPC code RSKj answers with.
 * The RPC layer maps `static code` and `message` to the wire unchanged.
 */

/** `JsonRpcSubmitBlockException` (-33000): a submission RSKj's miner server refused. */
export class SubmitBlockError extends Error {
  static readonly code = -33000 as const
  readonly code = SubmitBlockError.code
  override name = 'SubmitBlockError'

  /** `MnrModuleImpl.submitBitcoinBlockPartialMerkle` with an empty `merkleHashesHex`. */
  static emptyMerkleHashes(): SubmitBlockError {
    return new SubmitBlockError("The list of merkle hashes can't be empty")
  }

  /** `MinerServerImpl.processSolution`: no template with that hashForMergedMining. */
  static notInCache(hashForMergedMining: Uint8Array): SubmitBlockError {
    return new SubmitBlockError(
      `Cannot publish block, could not find hash ${toHex(hashForMergedMining, '0x')} in the cache`,
    )
  }

  /** `MinerServerImpl.processSolution`: the assembled block failed `ProofOfWorkRule`. */
  static invalidBlock(
    blockHash: Uint8Array,
    hashForMergedMining: Uint8Array,
    height: bigint | number,
  ): SubmitBlockError {
    return new SubmitBlockError(
      `Invalid block supplied by miner: ${toHex(blockHash, '')} ${toHex(hashForMergedMining, '')} at height ${height}`,
    )
  }

  /** Only with `miner.server.workSubmissionRateLimitInMills` > 0 (RSKj testnet uses 10000). */
  static rateLimited(): SubmitBlockError {
    return new SubmitBlockError('Cannot publish block, block submission rate limit exceeded')
  }
}

/**
 * A parameter RSKj could not decode (BouncyCastle `Hex.decode`, bitcoinj parsing,
 * `Integer.parseInt`). RSKj lets the exception escape, which its error resolver turns into
 * -32603 `Internal server error`; `detail` says what was wrong, for logs and the DevTools panel.
 */
export class MnrInternalError extends Error {
  static readonly code = -32603 as const
  readonly code = MnrInternalError.code
  override name = 'MnrInternalError'

  constructor(readonly detail: string) {
    super('Internal server error')
  }
}

export type MnrErrorType = SubmitBlockError | MnrInternalError

function toHex(bytes: Uint8Array, prefix: string): string {
  let out = prefix
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}
