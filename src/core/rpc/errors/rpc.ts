/**
 * JSON-RPC error classes, one per code, with RSKj's message texts (reference §4.1).
 * Domain code throws these (or domain errors that `toRpcError` maps); the dispatcher never
 * builds error objects by hand.
 */
import { RpcError, type RpcErrorOptions } from './base.js'

/** -32700: the request body is not JSON. */
export class ParseError extends RpcError {
  static override code = -32700 as const
  constructor(options?: RpcErrorOptions) {
    super(ParseError.code, 'JSON parse error', options)
  }
}

/** -32600: not a JSON-RPC request object, an empty or oversized batch, or RSKj's "block not found". */
export class InvalidRequestError extends RpcError {
  static override code = -32600 as const
  constructor(message = 'invalid request', options?: RpcErrorOptions) {
    super(InvalidRequestError.code, message, options)
  }
}

/** -32601 for a name no module of the node knows. */
export class MethodNotFoundError extends RpcError {
  static override code = -32601 as const
  constructor(options?: RpcErrorOptions) {
    super(MethodNotFoundError.code, 'method not found', options)
  }
}

/**
 * -32601 for a method the node knows but does not serve: unsupported (compilers, Whisper),
 * deprecated (`db_*`) or not implemented yet. RSKj answers disabled modules the same way.
 */
export class MethodNotAvailableError extends RpcError {
  static override code = -32601 as const
  readonly method: string
  constructor(method: string, options?: RpcErrorOptions) {
    super(MethodNotAvailableError.code, `the method ${method} does not exist/is not available`, options)
    this.method = method
  }
}

/** -32602: a parameter is missing, extra, or malformed. The message names its position. */
export class InvalidParamsError extends RpcError {
  static override code = -32602 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(InvalidParamsError.code, message, options)
  }
}

/** -32603: a bug in the node. Never thrown for a deterministic user mistake (viem retries it). */
export class InternalError extends RpcError {
  static override code = -32603 as const
  constructor(options?: RpcErrorOptions) {
    super(InternalError.code, 'Internal server error', options)
  }
}

/** -32000: RSKj's generic server error, e.g. `filter not found`, insufficient funds for transfer. */
export class ServerError extends RpcError {
  static override code = -32000 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(ServerError.code, message, options)
  }
}

/** -32000 `filter not found`: an unknown, uninstalled or expired filter id. */
export class FilterNotFoundError extends ServerError {
  constructor(options?: RpcErrorOptions) {
    super('filter not found', options)
  }
}

/** -32009: instant mining was requested but the transaction did not make it into a block. */
export class TransactionNotMinedError extends RpcError {
  static override code = -32009 as const
  constructor(options?: RpcErrorOptions) {
    super(
      TransactionNotMinedError.code,
      "Unknown error when sending transaction: transaction wasn't mined",
      options,
    )
  }
}

/** -32010: the transaction pool refused a transaction; the message is the pool's (reference §4.4). */
export class TransactionRejectedError extends RpcError {
  static override code = -32010 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(TransactionRejectedError.code, message, options)
  }
}

/** -32011: a server limit (execution time, response size) was exceeded. */
export class RpcLimitError extends RpcError {
  static override code = -32011 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(RpcLimitError.code, message, options)
  }
}

/** -32012: an `eth_getLogs` / filter query exceeds the profile's block-range or log-count limit. */
export class LogsLimitError extends RpcError {
  static override code = -32012 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(LogsLimitError.code, message, options)
  }
}

/** -32604: a `personal_*` method on a node whose local wallet is disabled; `detail` says why. */
export class WalletDisabledError extends RpcError {
  static override code = -32604 as const
  constructor(detail?: string, options?: RpcErrorOptions) {
    const text = 'The local wallet feature is disabled'
    super(WalletDisabledError.code, detail ? `${text}: ${detail}` : text, options)
  }
}

/** -33000: a merged-mining submission (`mnr_submit*`) failed; the message says why. */
export class MiningSubmitError extends RpcError {
  static override code = -33000 as const
  constructor(message: string, options?: RpcErrorOptions) {
    super(MiningSubmitError.code, message, options)
  }
}

/**
 * A user mistake RSKj's code does not check for (an exception its error resolver does not know,
 * which RSKj answers -32603 `Internal server error`). Here it is -32602 with the reason: -32603
 * means a bug of the node, and clients retry it.
 */
export class UncheckedInputError extends RpcError {
  static override code = -32602 as const
  readonly reason: string
  constructor(reason: string) {
    super(UncheckedInputError.code, reason)
    this.reason = reason
  }
}
