/**
 * Errors raised by the chain primitives. Each class carries the JSON-RPC code the RPC layer
 * answers with (reference §4.3/§4.4), so one mapping function can turn any of them into a
 * wire error without string matching.
 */

export class ChainError extends Error {
  static code = -32603
  override name = 'ChainError'
  get code(): number {
    return (this.constructor as typeof ChainError).code
  }
}

/**
 * Raw transaction bytes RSKj would refuse to decode: not RLP, not 9 items, a v that is not one
 * byte, an address that is not 20 bytes. The message is RSKj's text.
 */
export class InvalidTransactionEncodingError extends ChainError {
  static override code = -32602 as const
  override name = 'InvalidTransactionEncodingError'
}

/**
 * An EIP-2718 typed transaction (0x01 access list, 0x02 dynamic fee, 0x03 blob, 0x04 set-code…).
 * RSKj has no typed transactions: its RLP decoder sees two items and fails. We answer with a
 * message that tells the developer what to change instead of RSKj's opaque internal error.
 */
export class TypedTransactionNotSupportedError extends ChainError {
  static override code = -32602 as const
  override name = 'TypedTransactionNotSupportedError'
  readonly transactionType: number
  constructor(transactionType: number) {
    super(
      `Rootstock accepts legacy transactions only: typed transaction (EIP-2718 type 0x${transactionType
        .toString(16)
        .padStart(2, '0')}) is not supported; send a legacy (type 0) transaction with gasPrice`,
    )
    this.transactionType = transactionType
  }
}

/**
 * A signature RSKj's `acceptTransactionSignature` refuses: a chain id other than 0 or the node's,
 * a high `s`, or out-of-range components. RSKj answers all of them with this one text.
 */
export class InvalidChainIdError extends ChainError {
  static override code = -32602 as const
  override name = 'InvalidChainIdError'
  readonly chainId: number
  constructor(chainId: number) {
    super(`Invalid chainId: ${chainId}`)
    this.chainId = chainId
  }
}

/** Stored bytes that do not decode as a header, block or receipt of this node: a real bug or corruption. */
export class InvalidChainEncodingError extends ChainError {
  static override code = -32603 as const
  override name = 'InvalidChainEncodingError'
}
