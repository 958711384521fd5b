/**
 * bitcoind's JSON of transactions (`TxToUniv`): what `decoderawtransaction`, `getrawtransaction`
 * and `getblock` verbosity 2 show, with amounts as BTC numbers and hashes in display order.
 */
import type { StoredBtcBlock } from '../../bitcoin/chain/types.js'
import type { BtcParams } from '../../bitcoin/params.js'
import { sha256d } from '../../crypto/hash.js'
import { reverseBytes } from '../../mining/bitcoin/byteIo.js'
import {
  type BitcoinTransaction,
  serializeTransaction,
  serializeTransactionForBlock,
  txidOfSerialized,
} from '../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'
import { type ScriptPubKeyJson, scriptAsm, scriptPubKeyJson } from './scriptJson.js'

export type { ScriptPubKeyJson }

/** What the views read of the chain (a `BitcoinChain` is one). */
export interface BtcChainView {
  readonly params: BtcParams
  bestHeight(): number
  blockByHeight(height: number): StoredBtcBlock | undefined
  /** Optional: with it, `getblock` verbosity 2 shows each transaction's fee. */
  transaction?(txid: Uint8Array): { tx: BitcoinTransaction } | undefined
}

const hex = bytesToUnprefixedHex

/** Satoshis as bitcoind's JSON amount: a number of BTC (exact to the satoshi as a double). */
export function btcAmount(satoshis: bigint): number {
  return Number(satoshis) / 1e8
}

export interface TransactionJson {
  txid: string
  hash: string
  version: number
  size: number
  vsize: number
  weight: number
  locktime: number
  vin: unknown[]
  vout: Array<{ value: number; n: number; scriptPubKey: ScriptPubKeyJson }>
  fee?: number
  hex?: string
  blockhash?: string
  confirmations?: number
  time?: number
  blocktime?: number
}

export function isCoinbase(tx: BitcoinTransaction): boolean {
  const input = tx.inputs[0]
  return (
    tx.inputs.length === 1 &&
    input !== undefined &&
    input.previousIndex === 0xffffffff &&
    input.previousTxid.every((b) => b === 0)
  )
}

/** Sizes of a transaction: with witness (`size`), without (`stripped`), and BIP141 weight. */
export function transactionSizes(tx: BitcoinTransaction): {
  size: number
  stripped: number
  weight: number
  vsize: number
} {
  const size = serializeTransactionForBlock(tx).length
  const stripped = serializeTransaction(tx).length
  const weight = stripped * 3 + size
  return { size, stripped, weight, vsize: Math.ceil(weight / 4) }
}

/** The wtxid (`hash`), display order: the txid when the transaction has no witness. */
export function witnessHash(tx: BitcoinTransaction): Uint8Array {
  return reverseBytes(sha256d(serializeTransactionForBlock(tx)))
}

function inputJson(tx: BitcoinTransaction, index: number): Record<string, unknown> {
  const input = tx.inputs[index]!
  const witness = input.witness && input.witness.length > 0 ? { txinwitness: input.witness.map(hex) } : {}
  if (isCoinbase(tx)) return { coinbase: hex(input.scriptSig), ...witness, sequence: input.sequence }
  return {
    txid: hex(input.previousTxid),
    vout: input.previousIndex,
    scriptSig: { asm: scriptAsm(input.scriptSig, true), hex: hex(input.scriptSig) },
    ...witness,
    sequence: input.sequence,
  }
}

/**
 * A transaction as `decoderawtransaction` shows it (`TxToUniv`): with `hex` as `getrawtransaction`
 * and `getblock` verbosity 2 add it, and `fee` (satoshis) when the caller knows it.
 */
export function transactionJson(
  tx: BitcoinTransaction,
  params: BtcParams,
  options: { hex?: boolean; fee?: bigint } = {},
): TransactionJson {
  const raw = serializeTransactionForBlock(tx)
  const sizes = transactionSizes(tx)
  const json: TransactionJson = {
    txid: hex(txidOfSerialized(serializeTransaction(tx))),
    hash: hex(reverseBytes(sha256d(raw))),
    version: tx.version,
    size: sizes.size,
    vsize: sizes.vsize,
    weight: sizes.weight,
    locktime: tx.lockTime >>> 0,
    vin: tx.inputs.map((_, i) => inputJson(tx, i)),
    vout: tx.outputs.map((output, n) => ({
      value: btcAmount(output.value),
      n,
      scriptPubKey: scriptPubKeyJson(output.scriptPubKey, params),
    })),
  }
  if (options.fee !== undefined) json.fee = btcAmount(options.fee)
  if (options.hex) json.hex = hex(raw)
  return json
}

/** Where a transaction is, for `getrawtransaction`'s block fields (absent while in the mempool). */
export interface TransactionPlace {
  blockHash?: Uint8Array
  height?: number
}

/** `getrawtransaction` verbose: the decoded transaction, its hex, and its block when mined. */
export function rawTransactionJson(
  chain: BtcChainView,
  tx: BitcoinTransaction,
  place: TransactionPlace,
): TransactionJson {
  const json = transactionJson(tx, chain.params, { hex: true })
  if (place.blockHash === undefined || place.height === undefined) return json
  const block = chain.blockByHeight(place.height)
  json.blockhash = hex(place.blockHash)
  json.confirmations = Math.max(0, chain.bestHeight() - place.height + 1)
  if (block) {
    json.time = block.block.header.time
    json.blocktime = block.block.header.time
  }
  return json
}
