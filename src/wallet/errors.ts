/**
 * Errors the wallet answers with. Each carries the JSON-RPC / EIP-1193 code libraries key on:
 * 4001 user rejected (ethers ACTION_REJECTED, viem UserRejectedRequestError), 4100 unauthorized,
 * 4902 unrecognized chain (wagmi then tries wallet_addEthereumChain), -32602 bad params.
 */
/** A value as an error message quotes it: a string as is, anything else as JSON, cut to `max` characters. */
export function shownValue(value: unknown, max: number): string {
  try {
    return (typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value)).slice(0, max)
  } catch {
    return typeof value
  }
}

export class WalletError extends Error {
  static code = -32603
  readonly code: number
  readonly data?: unknown
  constructor(message: string, code: number, data?: unknown) {
    super(message)
    this.name = new.target.name
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export class UserRejectedRequestError extends WalletError {
  static override code = 4001
  constructor(message = 'User rejected the request.') {
    super(message, UserRejectedRequestError.code)
  }
}

export class UnauthorizedError extends WalletError {
  static override code = 4100
  constructor(message = 'The requested account and/or method has not been authorized by the user.') {
    super(message, UnauthorizedError.code)
  }
}

export class UnrecognizedChainError extends WalletError {
  static override code = 4902
  constructor(chainId: string) {
    super(
      `Unrecognized chain ID "${chainId}". RSK Devnode simulates 0x1e, 0x1f and 0x21.`,
      UnrecognizedChainError.code,
    )
  }
}

export class InvalidParamsError extends WalletError {
  static override code = -32602
  constructor(message: string) {
    super(message, InvalidParamsError.code)
  }
}

/** A JSON-RPC error the node answered; passed through to the page unchanged. */
export class NodeRpcError extends WalletError {
  constructor(error: { code: number; message: string; data?: unknown }) {
    super(error.message, error.code, error.data)
  }
}

/** A transaction `type` the chain does not know (Rootstock has legacy transactions only). */
export class UnknownTransactionTypeError extends WalletError {
  static override code = -32602
  constructor(type: string) {
    super(
      `Invalid transaction envelope type: "${type}". Rootstock knows legacy transactions only: ` +
        'types 0x0, 0x1 and 0x2 are accepted and sent as legacy (type 0) transactions, EIP-1559 fee ' +
        'fields as a gas price.',
      UnknownTransactionTypeError.code,
    )
  }
}

/**
 * The wallet filled `gas` and the estimate is all the gas the node lets a call use: the execution
 * failed (RSKj answers the cap for a call that halts with an exception), so nothing is signed.
 * geth's words for it; a dApp that means it passes `gas` itself.
 */
export class GasEstimateFailedError extends WalletError {
  static override code = -32000
  constructor(cap: bigint) {
    super(
      `gas required exceeds allowance (${cap}): the transaction fails with all the gas the chain allows ` +
        '(invalid code, an exceptional halt or out of gas); pass `gas` to send it anyway.',
      GasEstimateFailedError.code,
    )
  }
}

/** EIP-5792: a capability the wallet does not have, not marked optional. */
export class UnsupportedCapabilityError extends WalletError {
  static override code = 5700
  constructor(name: string) {
    super(`Unsupported non-optional capability: ${name}.`, UnsupportedCapabilityError.code)
  }
}

/** EIP-5792: the batch names a chain other than the active one. */
export class UnsupportedChainIdError extends WalletError {
  static override code = 5710
  constructor(chainId: string, active: string) {
    super(`Unsupported chain id ${chainId}: the active chain is ${active}.`, UnsupportedChainIdError.code)
  }
}

/** EIP-5792: a batch id already used. */
export class DuplicateCallsIdError extends WalletError {
  static override code = 5720
  constructor(id: string) {
    super(`Duplicate id ${id}.`, DuplicateCallsIdError.code)
  }
}

/** EIP-5792: no batch with this id. */
export class UnknownBundleIdError extends WalletError {
  static override code = 5730
  constructor(id: string) {
    super(`Unknown bundle id ${id}.`, UnknownBundleIdError.code)
  }
}

/** EIP-5792: `atomicRequired: true` on a chain without atomic batches (Rootstock). */
export class AtomicityNotSupportedError extends WalletError {
  static override code = 5760
  constructor() {
    super(
      'Atomicity not supported: Rootstock has no atomic batches; send with atomicRequired: false to have the calls sent one after another.',
      AtomicityNotSupportedError.code,
    )
  }
}

/** EIP-5792: more calls than the wallet sends in one batch. */
export class BatchTooLargeError extends WalletError {
  static override code = 5740
  constructor(max: number) {
    super(`Batch too large: at most ${max} calls.`, BatchTooLargeError.code)
  }
}
