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
  /** Optional: with it, `getblock` verbosity 2 and 3 show fees and spent outputs. */
  transaction?(txid: Uint8Array): { tx: BitcoinTransaction; height?: number; index?: number } | undefined
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

/** The output an input spends, as `prevout` shows it (getblock verbosity 3, getrawtransaction 2). */
export interface Prevout {
  value: bigint
  scriptPubKey: Uint8Array
  height: number
  coinbase: boolean
}

/** The outputs `tx` spends, or undefined when one is unknown (or `tx` is a coinbase). */
export function prevoutsOf(chain: BtcChainView, tx: BitcoinTransaction): Prevout[] | undefined {
  if (isCoinbase(tx) || !chain.transaction) return undefined
  const prevouts: Prevout[] = []
  for (const input of tx.inputs) {
    const spent = chain.transaction(input.previousTxid)
    const output = spent?.tx.outputs[input.previousIndex]
    if (!spent || !output || spent.height === undefined) return undefined
    prevouts.push({ ...output, height: spent.height, coinbase: spent.index === 0 })
  }
  return prevouts
}

function inputJson(
  tx: BitcoinTransaction,
  index: number,
  params: BtcParams,
  prevout?: Prevout,
): Record<string, unknown> {
  const input = tx.inputs[index]!
  const witness = input.witness && input.witness.length > 0 ? { txinwitness: input.witness.map(hex) } : {}
  if (isCoinbase(tx)) return { coinbase: hex(input.scriptSig), ...witness, sequence: input.sequence }
  const spent = prevout && {
    prevout: {
      generated: prevout.coinbase,
      height: prevout.height,
      value: btcAmount(prevout.value),
      scriptPubKey: scriptPubKeyJson(prevout.scriptPubKey, params),
    },
  }
  return {
    txid: hex(input.previousTxid),
    vout: input.previousIndex,
    scriptSig: { asm: scriptAsm(input.scriptSig, true), hex: hex(input.scriptSig) },
    ...witness,
    ...spent,
    sequence: input.sequence,
  }
}

export interface TransactionJsonOptions {
  hex?: boolean
  /** The spent outputs: the fee is shown, and each input's `prevout` when `showPrevouts`. */
  prevouts?: Prevout[]
  showPrevouts?: boolean
}

/**
 * A transaction as `decoderawtransaction` shows it (`TxToUniv`): with `hex` as `getrawtransaction`
 * and `getblock` verbosity 2 add it, and its fee (and spent outputs) when they are known.
 */
export function transactionJson(
  tx: BitcoinTransaction,
  params: BtcParams,
  options: TransactionJsonOptions = {},
): TransactionJson {
  const { prevouts } = options
  const shown = options.showPrevouts ? prevouts : undefined
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
    vin: tx.inputs.map((_, i) => inputJson(tx, i, params, shown?.[i])),
    vout: tx.outputs.map((output, n) => ({
      value: btcAmount(output.value),
      n,
      scriptPubKey: scriptPubKeyJson(output.scriptPubKey, params),
    })),
  }
  if (prevouts) {
    const spent = prevouts.reduce((sum, prevout) => sum + prevout.value, 0n)
    json.fee = btcAmount(spent - tx.outputs.reduce((sum, output) => sum + output.value, 0n))
  }
  if (options.hex) json.hex = hex(raw)
  return json
}

/** Where a transaction is, for `getrawtransaction`'s block fields (absent while in the mempool). */
export interface TransactionPlace {
  blockHash?: Uint8Array
  height?: number
}

/**
 * `getrawtransaction` verbose: the decoded transaction, its hex, and its block when mined; with
 * verbosity 2, a mined transaction's fee and spent outputs (bitcoind reads them from block undo
 * data, so a mempool transaction has none).
 */
export function rawTransactionJson(
  chain: BtcChainView,
  tx: BitcoinTransaction,
  place: TransactionPlace,
  verbosity: 1 | 2 = 1,
): TransactionJson {
  const prevouts = verbosity === 2 && place.blockHash !== undefined ? prevoutsOf(chain, tx) : undefined
  const json = transactionJson(tx, chain.params, { hex: true, prevouts, showPrevouts: true })
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
