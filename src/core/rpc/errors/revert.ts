/**
 * -32015, the EVM revert of `eth_call` / `eth_estimateGas` / an instantly mined send, worded as
 * RSKj words it (reference §4.2): `Error(string)` payloads give `revert <reason>`, anything else
 * (custom errors, panics, a bare `revert()`) gives `transaction reverted`; `data` is always the
 * revert bytes, which ethers and viem decode themselves.
 */
import { bytesToHex, bytesToUtf8 } from '../../util/hex.js'
import { RpcError, type RpcErrorOptions } from './base.js'

const ERROR_STRING_SELECTOR = [0x08, 0xc3, 0x79, 0xa0]
export const REVERT_MESSAGE_PREFIX = 'VM Exception while processing transaction: '

function readWord(bytes: Uint8Array, offset: number): bigint | undefined {
  if (offset + 32 > bytes.length) return undefined
  let n = 0n
  for (let i = offset; i < offset + 32; i++) n = (n << 8n) | BigInt(bytes[i] as number)
  return n
}

/** The reason of an ABI `Error(string)` payload, or undefined when the payload is anything else. */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  if (data.length < 4 || ERROR_STRING_SELECTOR.some((b, i) => data[i] !== b)) return undefined
  const body = data.subarray(4)
  const offset = readWord(body, 0)
  if (offset === undefined || offset > BigInt(body.length)) return undefined
  const length = readWord(body, Number(offset))
  if (length === undefined) return undefined
  const start = Number(offset) + 32
  if (BigInt(start) + length > BigInt(body.length)) return undefined
  return bytesToUtf8(body.subarray(start, start + Number(length)))
}

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
