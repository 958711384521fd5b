/**
 * Receipts and logs as RSKj encodes them (`TransactionReceipt.getEncoded`, `LogInfo.getEncoded`):
 *
 *   receipt = rlp([postTxState, cumulativeGas, bloom, [log…], gasUsed, status])
 *   log     = rlp([address, [topic…], data])
 *
 * postTxState and status are both 0x01 for success and empty for failure
 * (`TransactionReceipt.setTxStatus`, `SUCCESS_STATUS`/`FAILED_STATUS`). The gas fields come from
 * Bouncy Castle's `asUnsignedByteArray`, so zero is the byte 0x00, not the empty string: the
 * REMASC receipt (gasUsed 0) depends on it.
 */
import type { Log } from '../evm/types.js'
import { type Address, bytesToBigint, bytesToHex, hexToBytes } from '../util/hex.js'
import { logsBloom } from './bloom.js'
import { InvalidChainEncodingError } from './errors.js'
import { type RlpDecoded, rlpDecode, rlpEncode, unsignedBytesBouncyCastle } from './rlp.js'

export interface ReceiptFields {
  status: boolean
  cumulativeGasUsed: bigint
  gasUsed: bigint
  logs: readonly Log[]
  /** The receipt's bloom; computed from the logs when absent. */
  bloom?: Uint8Array
}

const SUCCESS = Uint8Array.of(1)
const EMPTY = new Uint8Array(0)

function logItem(log: Log): RlpDecoded {
  return [hexToBytes(log.address), [...log.topics], log.data]
}

export function encodeLog(log: Log): Uint8Array {
  return rlpEncode(logItem(log))
}

export function encodeReceipt(receipt: ReceiptFields): Uint8Array {
  const status = receipt.status ? SUCCESS : EMPTY
  return rlpEncode([
    status,
    unsignedBytesBouncyCastle(receipt.cumulativeGasUsed),
    receipt.bloom ?? logsBloom(receipt.logs),
    receipt.logs.map(logItem),
    unsignedBytesBouncyCastle(receipt.gasUsed),
    status,
  ])
}

/** Inverse of `encodeReceipt` (also reads pre-status receipts of 5 items, as RSKj does). */
export function decodeReceipt(encoded: Uint8Array): Required<ReceiptFields> {
  const items = rlpDecode(encoded)
  if (!Array.isArray(items) || items.length < 5)
    throw new InvalidChainEncodingError('a receipt is a list of 5 or 6 items')
  const [postTxState, cumulativeGas, bloom, logs, gasUsed, status] = items as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    RlpDecoded[],
    Uint8Array,
    Uint8Array | undefined,
  ]
  const statusBytes = status ?? postTxState
  return {
    status: statusBytes.length === 1 && statusBytes[0] === 1,
    cumulativeGasUsed: bytesToBigint(cumulativeGas),
    gasUsed: bytesToBigint(gasUsed),
    bloom,
    logs: logs.map(decodeLogItem),
  }
}

function decodeLogItem(item: RlpDecoded): Log {
  if (!Array.isArray(item) || item.length !== 3)
    throw new InvalidChainEncodingError('a log is a list of 3 items')
  const [address, topics, data] = item as [Uint8Array, Uint8Array[], Uint8Array]
  return { address: bytesToHex(address) as Address, topics, data }
}
