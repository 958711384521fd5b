/**
 * The one place where anything thrown inside the node becomes a JSON-RPC `error` member.
 * Domain errors that are not `RpcError`s get a branch here, never a try/catch in a method.
 */

import { BtcRejectError } from '../../bitcoin/chain/types.js'
import { ChainError } from '../../chain/errors.js'
import { InvalidTransactionError } from '../../evm/transaction.js'
import { UnknownFilterError } from '../../filters/errors.js'
import { ForkError } from '../../fork/errors.js'
import {
  BlockNoLongerOnChainError,
  BlockNotFoundError,
  LogQueryLimitError,
  TraceRangeError,
  TransactionRefusedError,
} from '../../node/errors.js'
import { TransactionPoolError } from '../../pool/errors.js'
import { StorageFullError } from '../../storage/storageErrors.js'
import { RpcError, type RpcErrorObject } from './base.js'
import { InternalError } from './rpc.js'

export type InternalErrorListener = (error: unknown) => void

/**
 * Maps a thrown value to the wire. Anything unknown is a bug: it becomes -32603
 * `Internal server error` and is handed to `onInternalError` so it gets logged, not swallowed.
 */
export function toRpcError(error: unknown, onInternalError?: InternalErrorListener): RpcErrorObject {
  if (error instanceof RpcError) return error.toJSON()
  // Domain errors of the chain primitives and the EVM carry their wire code (reference §4.3–4.4).
  if (error instanceof ChainError) return { code: error.code, message: error.message }
  if (error instanceof InvalidTransactionError)
    return { code: InvalidTransactionError.code, message: error.message }
  // The pool's, the filters' and the node's refusals, each in RSKj's text (reference §4.1, §4.4).
  if (error instanceof TransactionPoolError)
    return { code: TransactionPoolError.code, message: error.message }
  if (error instanceof TransactionRefusedError)
    return { code: TransactionRefusedError.code, message: error.message }
  if (error instanceof UnknownFilterError) return { code: UnknownFilterError.code, message: error.message }
  if (error instanceof BlockNotFoundError) return { code: BlockNotFoundError.code, message: error.message }
  if (error instanceof LogQueryLimitError) return { code: LogQueryLimitError.code, message: error.message }
  if (error instanceof TraceRangeError) return { code: TraceRangeError.code, message: error.message }
  if (error instanceof BlockNoLongerOnChainError)
    return { code: BlockNoLongerOnChainError.code, message: error.message }
  if (error instanceof StorageFullError) return { code: StorageFullError.code, message: error.message }
  // The simulated Bitcoin chain refused a transaction or a request: Bitcoin Core's code and reason.
  if (error instanceof BtcRejectError) return { code: error.code, message: error.message }
  // A forked node's upstream failed or refused: the message names it (redacted) and what was asked.
  if (error instanceof ForkError) return { code: ForkError.code, message: error.message }
  onInternalError?.(error)
  return new InternalError({ cause: error }).toJSON()
}
