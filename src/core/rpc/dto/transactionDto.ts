/** The JSON transaction object as RSKj writes it (`TransactionResultDTO`, reference §3.1). */
import type { TransactionView } from '../../node/engine/views.js'
import type { Hex } from '../../util/hex.js'
import { toData as data, toQuantity as quantity, toSignatureV as signatureV } from '../encode.js'

export interface TransactionDto {
  hash: Hex
  nonce: Hex
  blockHash: Hex | null
  blockNumber: Hex | null
  transactionIndex: Hex | null
  from: Hex
  to: Hex | null
  gas: Hex
  gasPrice: Hex
  value: Hex
  input: Hex
  v: Hex
  r: Hex
  s: Hex
  type: Hex
}

export function toTransactionDto(tx: TransactionView): TransactionDto {
  return {
    hash: data(tx.hash),
    nonce: quantity(tx.nonce),
    blockHash: tx.blockHash === null ? null : data(tx.blockHash),
    blockNumber: tx.blockNumber === null ? null : quantity(tx.blockNumber),
    transactionIndex: tx.transactionIndex === null ? null : quantity(tx.transactionIndex),
    from: tx.from,
    to: tx.to,
    gas: quantity(tx.gas),
    gasPrice: quantity(tx.gasPrice),
    value: quantity(tx.value),
    input: data(tx.input),
    // The unsigned REMASC transaction shows HEX_ZERO for v, r and s (RSKj zeroSignatureIfRemasc).
    v: tx.v === 0n && tx.r === 0n && tx.s === 0n ? '0x0' : signatureV(tx.v),
    r: quantity(tx.r),
    s: quantity(tx.s),
    type: '0x0',
  }
}
