/** Receipts and logs as RSKj writes them (`TransactionReceiptDTO`, `LogFilterElement`; reference §3.3–3.4). */
import type { LogView, ReceiptView } from '../../node/engine/views.js'
import type { Hex } from '../../util/hex.js'
import { objectMemo } from '../../util/objectMemo.js'
import { toData as data, toQuantity as quantity } from '../encode.js'

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

/**
 * Hex forms of a log view's fields, computed once per view: blocks keep their log views cached, and
 * log queries and filters return the same logs again and again, where hex encoding dominated.
 * Every call still returns fresh objects, so a caller that edits a result edits only its copy.
 */
const wireFields = objectMemo<LogView, Omit<LogDto, 'removed'>>('wireFields')

function wireFieldsOf(log: LogView): Omit<LogDto, 'removed'> {
  let fields = wireFields.get(log)
  if (!fields) {
    fields = {
      logIndex: quantity(log.logIndex),
      blockNumber: quantity(log.blockNumber),
      blockHash: data(log.blockHash),
      transactionHash: data(log.transactionHash),
      transactionIndex: quantity(log.transactionIndex),
      address: log.address,
      data: data(log.data),
      topics: log.topics.map(data),
    }
    wireFields.set(log, fields)
  }
  return fields
}

/** A receipt's log: RSKj's `LogFilterElement`, which has no `removed`. */
export function toLogDto(log: LogView): LogDto {
  const fields = wireFieldsOf(log)
  return { ...fields, topics: fields.topics.slice() }
}

/**
 * A log as `eth_getLogs`, `eth_getFilterLogs` and `eth_getFilterChanges` return it: the
 * specification's Log object, whose `removed` comes first and is `false` for a log of the chain,
 * `true` for one a revert removed. Clients check it (ethers' `queryFilter` rejects a log without it).
 */
export function toFilterLogDto(log: LogView): LogDto {
  const fields = wireFieldsOf(log)
  return { removed: log.removed === true, ...fields, topics: fields.topics.slice() }
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

export function toReceiptDto(r: ReceiptView): ReceiptDto {
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
