/**
 * The error an EIP-1193 `request` rejects with. `code`, `message` and `data` are own enumerable
 * properties because ethers rebuilds errors by copying them (`new Error(e.message)` plus fields).
 */
export class ProviderRpcError extends Error {
  code: number
  // `declare`: no class-field initializer, so `data` exists only when there is some.
  declare data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    // Error's own `message` is not enumerable; make it so for libraries that spread errors.
    Object.defineProperty(this, 'message', {
      value: message,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    if (data !== undefined) this.data = data
  }
}

// On the prototype, not the instance: spreading an error gives exactly code, message (and data).
Object.defineProperty(ProviderRpcError.prototype, 'name', { value: 'ProviderRpcError', configurable: true })
