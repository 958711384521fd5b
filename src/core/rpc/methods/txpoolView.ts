/**
 * The `txpool_*` views (RSKj `TxPoolModuleImpl`): pool transactions grouped by sender (hex without
 * `0x`) and nonce (decimal), pending before queued. Encodings are RSKj's, quirks included:
 * `gasPrice` and `value` are the Java `BigInteger.toByteArray()` bytes (so zero is `"0x00"` and a
 * leading sign byte can appear) and a contract creation's `to` is `"0x00"`.
 */
import type { PooledTransaction } from '../../node/engine/engine.js'
import type { ChainEngine } from '../../node/engineApi.js'
import { bytesToHex } from '../../util/hex.js'
import { toData, toQuantity } from '../encode.js'

export type Grouped<T> = Record<string, Record<string, T[]>>

export interface TxPoolView<T> {
  pending: Grouped<T>
  queued: Grouped<T>
}

function group<T>(txs: readonly PooledTransaction[], serialize: (tx: PooledTransaction) => T): Grouped<T> {
  const out: Grouped<T> = {}
  for (const tx of txs) {
    const sender = tx.sender.slice(2)
    const bySender = out[sender] ?? {}
    out[sender] = bySender
    const nonce = tx.nonce.toString()
    bySender[nonce] = [...(bySender[nonce] ?? []), serialize(tx)]
  }
  return out
}

export function txPoolView<T>(engine: ChainEngine, serialize: (tx: PooledTransaction) => T): TxPoolView<T> {
  return { pending: group(engine.pool.pending(), serialize), queued: group(engine.pool.queued(), serialize) }
}

/** `BigInteger.toByteArray()` as hex: minimal two's complement, so 0 → `00` and 0x80 → `0080`. */
export function javaBigIntegerHex(n: bigint): string {
  let hex = n.toString(16)
  if (hex.length % 2 === 1) hex = `0${hex}`
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`
  return `0x${hex}`
}

export interface TxPoolTransactionJson {
  blockHash: string
  blockNumber: null
  transactionIndex: null
  from: string
  gas: string
  gasPrice: string
  hash: string
  input: string
  nonce: string
  to: string
  value: string
}

const ZERO_HASH = `0x${'0'.repeat(64)}`

export function fullTransaction(p: PooledTransaction): TxPoolTransactionJson {
  return {
    blockHash: ZERO_HASH,
    blockNumber: null,
    transactionIndex: null,
    from: p.sender,
    gas: toQuantity(p.tx.gasLimit),
    gasPrice: javaBigIntegerHex(p.tx.gasPrice),
    hash: bytesToHex(p.tx.hash),
    input: toData(p.tx.data),
    nonce: toQuantity(p.tx.nonce),
    to: p.tx.to ?? '0x00',
    value: javaBigIntegerHex(p.tx.value),
  }
}

/** `"<to hex without 0x>: <value> wei + <gas> x <gasPrice> gas"`; creation has an empty `to`. */
export function transactionSummary(p: PooledTransaction): string {
  const to = p.tx.to ? p.tx.to.slice(2) : ''
  return `${to}: ${p.tx.value} wei + ${p.tx.gasLimit} x ${p.tx.gasPrice} gas`
}
