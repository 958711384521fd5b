/**
 * The base of every error the node can put on the wire. Subclasses carry the JSON-RPC code as a
 * static `code` (viem style) so callers can match on `error.code === InvalidParamsError.code`.
 */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export interface RpcErrorOptions {
  data?: unknown
  cause?: unknown
}

export class RpcError extends Error {
  static code: number = -32603
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, options: RpcErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.code = code
    this.data = options.data
  }

  /** The `error` member of a JSON-RPC response: `data` only when there is some (RSKj omits null). */
  toJSON(): RpcErrorObject {
    return this.data === undefined || this.data === null
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}
