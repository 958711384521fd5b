/**
 * -32015, the EVM revert of `eth_call` / `eth_estimateGas` / an instantly mined send, worded as
 * RSKj words it (reference §4.2): `Error(string)` payloads give `revert <reason>`, anything else
 * (custom errors, panics, a bare `revert()`) gives `transaction reverted`; `data` is always the
 * revert bytes, which ethers and viem decode themselves.
 */
import { decodeRevertReason } from '../../evm/revertReason.js'
import { bytesToHex } from '../../util/hex.js'
import { RpcError, type RpcErrorOptions } from './base.js'

export { decodeRevertReason }

export const REVERT_MESSAGE_PREFIX = 'VM Exception while processing transaction: '

export class ExecutionRevertedError extends RpcError {
  static override code = -32015 as const
  readonly revertData: Uint8Array
  readonly reason: string | undefined

  constructor(revertData: Uint8Array, options: Omit<RpcErrorOptions, 'data'> = {}) {
    const reason = decodeRevertReason(revertData)
    const message = `${REVERT_MESSAGE_PREFIX}${reason === undefined ? 'transaction reverted' : `revert ${reason}`}`
    super(ExecutionRevertedError.code, message, { ...options, data: bytesToHex(revertData) })
    this.revertData = revertData
    this.reason = reason
  }
}
