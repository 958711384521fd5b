/**
 * The error every rejected `request()` carries (EIP-1193 ProviderRpcError). `code`, `message`
 * and `data` are own enumerable properties: ethers copies them into its own error, and viem maps
 * by the numeric `code` (an error without one is retried).
 */
export class ProviderRpcError extends Error {
  code: number
  data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    Object.defineProperty(this, 'message', {
      value: message,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    if (data !== undefined) this.data = data
  }
}

/** EIP-1193 and EIP-1474 codes the provider itself produces. */
export const ProviderErrorCode = {
  invalidRequest: -32600,
  userRejected: 4001,
  /** EIP-1193: the provider does not support the method (here: a synchronous `send`). */
  unsupportedMethod: 4200,
  disconnected: 4900,
  /** CloseEvent code for "try again later": the worker is restarting. */
  tryAgainLater: 1013,
  /** CloseEvent code for an internal error that will not recover (the extension was removed or reloaded). */
  internalError: 1011,
} as const
