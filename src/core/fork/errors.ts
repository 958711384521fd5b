/**
 * Errors of a forked node's upstream. They name the upstream by its redacted address and what was
 * being fetched, so a user knows which network failed and for which account, slot or block.
 * `toRpcError` maps them (code -32000, RSKj's generic server error).
 */

export class ForkError extends Error {
  static code = -32000
  override name = 'ForkError'
}

/** The upstream did not answer (network error, HTTP error, timeout) after every retry. */
export class UpstreamUnavailableError extends ForkError {
  override name = 'UpstreamUnavailableError'
  constructor(upstream: string, what: string, reason: string) {
    super(`fork upstream ${upstream} could not provide ${what}: ${reason}`)
  }
}

/** The upstream answered a request with a JSON-RPC error. */
export class UpstreamRequestError extends ForkError {
  override name = 'UpstreamRequestError'
  readonly upstreamCode: number
  /** The error's `data` (an `eth_call` revert's bytes). */
  readonly upstreamData: unknown
  constructor(upstream: string, what: string, code: number, message: string, data?: unknown) {
    super(`fork upstream ${upstream} refused ${what}: ${message} (${code})`)
    this.upstreamCode = code
    this.upstreamData = data
  }
}

/** The upstream serves another chain than the node's network. */
export class ForkChainMismatchError extends ForkError {
  override name = 'ForkChainMismatchError'
  constructor(upstream: string, upstreamChainId: bigint, expected: bigint) {
    super(
      `fork upstream ${upstream} serves chain id ${upstreamChainId} but this network is chain id ${expected}`,
    )
  }
}

/** The upstream answered with something that is not what a Rootstock node writes. */
export class UpstreamAnswerError extends ForkError {
  override name = 'UpstreamAnswerError'
}
