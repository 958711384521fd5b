/**
 * Bitcoin Core's JSON-RPC error codes (`src/rpc/protocol.h`) and the one place where errors of the
 * Bitcoin layers become them: a rejected transaction keeps the chain's code and reason, a bad
 * address or key is -5, anything else unexpected is reported as a bug (-32603), never a crash.
 */
import { BtcAddressError } from '../../bitcoin/address.js'
import { BtcRejectError } from '../../bitcoin/chain/types.js'
import { PartialMerkleTreeError } from '../../bitcoin/partialMerkleTree.js'
import { BitcoinDecodeError } from '../../mining/bitcoin/byteIo.js'

export const RPC_INVALID_REQUEST = -32600
export const RPC_METHOD_NOT_FOUND = -32601
export const RPC_INVALID_PARAMS = -32602
export const RPC_INTERNAL_ERROR = -32603
export const RPC_PARSE_ERROR = -32700
export const RPC_MISC_ERROR = -1
export const RPC_TYPE_ERROR = -3
export const RPC_INVALID_ADDRESS_OR_KEY = -5
export const RPC_INVALID_PARAMETER = -8
export const RPC_DESERIALIZATION_ERROR = -22
export const RPC_VERIFY_ERROR = -25
export const RPC_WALLET_ERROR = -4
export const RPC_WALLET_INSUFFICIENT_FUNDS = -6
export const RPC_WALLET_INVALID_LABEL_NAME = -11

/** An error answered as `{ code, message }`, as Bitcoin Core's `JSONRPCError` builds it. */
export class BitcoindError extends Error {
  override name = 'BitcoindError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface BitcoindErrorObject {
  code: number
  message: string
}

/**
 * The error object for anything a method threw. `internal` is told of errors that are bugs (they
 * are answered with -32603 and should reach someone).
 */
export function toBitcoindError(error: unknown, internal?: (error: unknown) => void): BitcoindErrorObject {
  if (error instanceof BitcoindError || error instanceof BtcRejectError) {
    return { code: error.code, message: error.message }
  }
  if (error instanceof BtcAddressError)
    return { code: RPC_INVALID_ADDRESS_OR_KEY, message: 'Invalid address' }
  if (error instanceof BitcoinDecodeError || error instanceof PartialMerkleTreeError) {
    return { code: RPC_DESERIALIZATION_ERROR, message: error.message }
  }
  internal?.(error)
  return { code: RPC_INTERNAL_ERROR, message: 'Internal error' }
}
