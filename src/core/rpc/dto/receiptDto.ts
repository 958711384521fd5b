/** Receipts and logs as RSKj writes them (`TransactionReceiptDTO`, `LogFilterElement`; reference §3.3–3.4). */
import type { Address, Hex } from '../../util/hex.js'
import { data, quantity } from './quantity.js'

export interface LogForWire {
  logIndex: number
  blockNumber: bigint
  blockHash: Uint8Array
  transactionHash: Uint8Array
  transactionIndex: number
  address: Address
  data: Uint8Array
  topics: Uint8Array[]
  /** Present only in filter results (`eth_getFilterChanges` after a revert). */
  removed?: boolean
}

export interface LogDto {
  removed?: boolean
  logIndex: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionHash: Hex
  transactionIndex: Hex
  address: Hex
  data: Hex
  topics: Hex[]
}

/** RSKj's log element has no `removed`; filter changes after a revert add `removed: true` first. */
export function toLogDto(log: LogForWire): LogDto {
  const dto: LogDto = {
    logIndex: quantity(log.logIndex),
    blockNumber: quantity(log.blockNumber),
    blockHash: data(log.blockHash),
    transactionHash: data(log.transactionHash),
    transactionIndex: quantity(log.transactionIndex),
    address: log.address,
    data: data(log.data),
    topics: log.topics.map(data),
  }
  return log.removed === undefined ? dto : { removed: log.removed, ...dto }
}

export interface ReceiptForWire {
  transactionHash: Uint8Array
  transactionIndex: number
  blockHash: Uint8Array
  blockNumber: bigint
  cumulativeGasUsed: bigint
  gasUsed: bigint
  contractAddress: Address | null
  logs: LogForWire[]
  from: Address
  to: Address | null
  status: boolean
  logsBloom: Uint8Array
  effectiveGasPrice: bigint
}

export interface ReceiptDto {
  transactionHash: Hex
  transactionIndex: Hex
  blockHash: Hex
  blockNumber: Hex
  cumulativeGasUsed: Hex
  gasUsed: Hex
  contractAddress: Hex | null
  logs: LogDto[]
  from: Hex
  to: Hex | null
  status: Hex
  logsBloom: Hex
  type: Hex
  effectiveGasPrice: Hex
}

export function toReceiptDto(r: ReceiptForWire): ReceiptDto {
  return {
    transactionHash: data(r.transactionHash),
    transactionIndex: quantity(r.transactionIndex),
    blockHash: data(r.blockHash),
    blockNumber: quantity(r.blockNumber),
    cumulativeGasUsed: quantity(r.cumulativeGasUsed),
    gasUsed: quantity(r.gasUsed),
    contractAddress: r.contractAddress,
    logs: r.logs.map(toLogDto),
    from: r.from,
    to: r.to,
    status: r.status ? '0x1' : '0x0',
    logsBloom: data(r.logsBloom),
    type: '0x0',
    effectiveGasPrice: quantity(r.effectiveGasPrice),
  }
}
