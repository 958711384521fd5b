/** The simulated Bitcoin chain's domain types. Every hash and txid is in display order. */
import type { BitcoinBlock } from '../../mining/bitcoin/block.js'
import type { BitcoinTransaction } from '../../mining/bitcoin/transaction.js'

/** An unspent transaction output. */
export interface Utxo {
  txid: Uint8Array
  index: number
  /** Satoshis. */
  value: bigint
  scriptPubKey: Uint8Array
  /** Height of the block holding it; {@link MEMPOOL_HEIGHT} while it is only in the mempool. */
  height: number
  coinbase: boolean
}

/** The height an unconfirmed output reports (Bitcoin Core's `MEMPOOL_HEIGHT`). */
export const MEMPOOL_HEIGHT = 0x7fffffff

export interface StoredBtcBlock {
  block: BitcoinBlock
  hash: Uint8Array
  height: number
  /** The block as serialized on the wire (BIP144 form for transactions with witnesses). */
  raw: Uint8Array
}

export interface BtcTransactionInfo {
  tx: BitcoinTransaction
  /** As submitted or as in its block (witness form when it has witnesses). */
  raw: Uint8Array
  /** Absent while the transaction is in the mempool. */
  blockHash?: Uint8Array
  height?: number
  /** Position in its block (0 is the coinbase). */
  index?: number
}

/**
 * A transaction the chain refuses, with the JSON-RPC error code and reject reason bitcoind's
 * `sendrawtransaction` answers: -22 decode failures, -25 missing or spent inputs, -26 policy and
 * consensus rejections, -27 already in the chain, -5 unknown transactions or blocks (proofs).
 */
export class BtcRejectError extends Error {
  override name = 'BtcRejectError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const RPC_DESERIALIZATION_ERROR = -22
export const RPC_TRANSACTION_ERROR = -25
export const RPC_TRANSACTION_REJECTED = -26
export const RPC_TRANSACTION_ALREADY_IN_CHAIN = -27
export const RPC_INVALID_ADDRESS_OR_KEY = -5
export const RPC_INVALID_PARAMETER = -8
