/**
 * EIP-1193 provider errors (plus 4902, the MetaMask convention viem and wagmi rely on). The wallet
 * and the provider throw these; the node itself never does.
 */
import { RpcError, type RpcErrorOptions } from './base.js'

/** 4001: the user rejected the request. */
export class UserRejectedRequestError extends RpcError {
  static override code = 4001 as const
  constructor(message = 'User rejected the request.', options?: RpcErrorOptions) {
    super(UserRejectedRequestError.code, message, options)
  }
}

/** 4100: the origin has not been authorized for this method or account. */
export class UnauthorizedError extends RpcError {
  static override code = 4100 as const
  constructor(
    message = 'The requested method and/or account has not been authorized by the user.',
    options?: RpcErrorOptions,
  ) {
    super(UnauthorizedError.code, message, options)
  }
}

/** 4200: the provider does not support the method. */
export class UnsupportedMethodError extends RpcError {
  static override code = 4200 as const
  constructor(message = 'The Provider does not support the requested method.', options?: RpcErrorOptions) {
    super(UnsupportedMethodError.code, message, options)
  }
}

/** 4900: the provider is disconnected from all chains (e.g. the node was closed). */
export class DisconnectedError extends RpcError {
  static override code = 4900 as const
  constructor(message = 'The Provider is disconnected from all chains.', options?: RpcErrorOptions) {
    super(DisconnectedError.code, message, options)
  }
}

/** 4901: the provider is not connected to the requested chain. */
export class ChainDisconnectedError extends RpcError {
  static override code = 4901 as const
  constructor(message = 'The Provider is not connected to the requested chain.', options?: RpcErrorOptions) {
    super(ChainDisconnectedError.code, message, options)
  }
}

/** 4902: `wallet_switchEthereumChain` to a chain the wallet does not know. */
export class UnrecognizedChainError extends RpcError {
  static override code = 4902 as const
  constructor(chainId: string, options?: RpcErrorOptions) {
    super(UnrecognizedChainError.code, `Unrecognized chain ID "${chainId}".`, options)
  }
}
