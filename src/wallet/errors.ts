/**
 * Errors the wallet answers with. Each carries the JSON-RPC / EIP-1193 code libraries key on:
 * 4001 user rejected (ethers ACTION_REJECTED, viem UserRejectedRequestError), 4100 unauthorized,
 * 4902 unrecognized chain (wagmi then tries wallet_addEthereumChain), -32602 bad params.
 */
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
