/**
 * Subscription notification payloads exactly as RSKj writes them (reference §7;
 * `co/rsk/rpc/modules/eth/subscribe/BlockHeaderNotification.java` and `LogsNotification.java`).
 *
 * newHeads mixes RSKj's encodings: `difficulty` is Java's `BigInteger.toByteArray()` (a leading
 * zero byte when the top bit is set), `gasLimit` the header's raw bytes, both via `toJsonHex`,
 * which writes an empty value as `0x00`; `gasUsed`, `number` and `timestamp` are quantities;
 * `baseEvent` is `toJsonHex` too, so a block without one shows `0x00`.
 *
 * logs: RSKj writes `data` and `topics` with `toUnformattedJsonHex`, so empty data is `0x` here
 * (not the `0x00` of `toJsonHex`), and `removed` comes last (true for logs of blocks a revert
 * rolled back).
 */

import type { StoredBlock } from '../../node/engine/blockRecord.js'
import type { LogView } from '../../node/engine/views.js'
import { bigintToBytes, bytesToHex, type Hex } from '../../util/hex.js'
import { toData as data, toQuantity as quantity } from '../encode.js'

/** RSKj `TypeConverter.toJsonHex(byte[])`: `0x00` for no bytes. */
function toJsonHex(bytes: Uint8Array): Hex {
  return bytes.length === 0 ? '0x00' : bytesToHex(bytes)
}

/** Java `BigInteger.toByteArray()` of a non-negative value: minimal two's complement. */
function javaBigIntegerBytes(value: bigint): Uint8Array {
  const bytes = bigintToBytes(value)
  if (bytes.length === 0) return Uint8Array.of(0)
  return (bytes[0] as number) >= 0x80 ? Uint8Array.of(0, ...bytes) : bytes
}

export interface NewHeadsNotification {
  difficulty: Hex
  extraData: Hex
  gasLimit: Hex
  gasUsed: Hex
  logsBloom: Hex
  miner: Hex
  number: Hex
  parentHash: Hex
  receiptsRoot: Hex
  sha3Uncles: Hex
  stateRoot: Hex
  timestamp: Hex
  transactionsRoot: Hex
  hash: Hex
  baseEvent: Hex
}

export function toNewHeadsNotification(block: StoredBlock): NewHeadsNotification {
  const h = block.header
  return {
    difficulty: toJsonHex(javaBigIntegerBytes(h.difficulty)),
    extraData: data(h.extraData),
    gasLimit: toJsonHex(bigintToBytes(h.gasLimit)),
    gasUsed: quantity(h.gasUsed),
    logsBloom: toJsonHex(h.logsBloom),
    miner: h.coinbase.toLowerCase() as Hex,
    number: quantity(h.number),
    parentHash: data(h.parentHash),
    receiptsRoot: toJsonHex(h.receiptsRoot),
    sha3Uncles: toJsonHex(h.unclesHash),
    stateRoot: toJsonHex(h.stateRoot),
    timestamp: quantity(h.timestamp),
    transactionsRoot: toJsonHex(h.transactionsRoot),
    hash: data(block.hash),
    baseEvent: toJsonHex(h.baseEvent ?? new Uint8Array(0)),
  }
}

export interface LogsNotification {
  logIndex: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionHash: Hex
  transactionIndex: Hex
  address: Hex
  data: Hex
  topics: Hex[]
  removed: boolean
}

export function toLogsNotification(log: LogView, removed: boolean): LogsNotification {
  return {
    logIndex: quantity(log.logIndex),
    blockNumber: quantity(log.blockNumber),
    blockHash: data(log.blockHash),
    transactionHash: data(log.transactionHash),
    transactionIndex: quantity(log.transactionIndex),
    address: toJsonHex(bytesFromAddress(log.address)),
    data: data(log.data),
    topics: log.topics.map(data),
    removed,
  }
}

function bytesFromAddress(address: string): Uint8Array {
  const out = new Uint8Array(20)
  for (let i = 0; i < 20; i++) out[i] = Number.parseInt(address.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}
