/**
 * bitcoind's JSON for the simulated Bitcoin chain: `getblock` (verbosity 0, 1, 2), `getblockheader`,
 * `getrawtransaction` / `decoderawtransaction` and `gettxout`, with Bitcoin Core's member names and
 * order, amounts as BTC numbers and hashes in display order. The `btc_*` dev methods show blocks and
 * transactions through these too, so both surfaces agree.
 */
import type { StoredBtcBlock, Utxo } from '../../bitcoin/chain/types.js'
import type { BtcParams } from '../../bitcoin/params.js'
import { sha256d } from '../../crypto/hash.js'
import { reverseBytes } from '../../mining/bitcoin/byteIo.js'
import { decodeCompactBits, encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
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

function isCoinbase(tx: BitcoinTransaction): boolean {
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

/** Proof-of-work of one block of these bits: 2^256 / (target + 1), as Bitcoin Core's `GetBlockProof`. */
export function blockWork(bits: number): bigint {
  const target = decodeCompactBits(bits)
  return (1n << 256n) / (target + 1n)
}

/** bitcoind's `difficulty`: the regtest limit's target over this block's. */
export function difficulty(bits: number): number {
  let shift = (bits >>> 24) & 0xff
  let value = 0x0000ffff / (bits & 0x00ffffff)
  for (; shift < 29; shift++) value *= 256
  for (; shift > 29; shift--) value /= 256
  return value
}

/** Median time of the 11 blocks ending at `height` (fewer near genesis), as BIP113 computes it. */
export function medianTime(chain: BtcChainView, height: number): number {
  const times: number[] = []
  for (let h = height; h > height - 11; h--) {
    const block = chain.blockByHeight(h)
    if (!block) break
    times.push(block.block.header.time)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}

/**
 * Chain work up to and including the block at `height`. Every block of the simulated chain is at
 * regtest difficulty, and its history below the first simulated block is counted as if it were too,
 * so the work is the same whatever the network's starting height.
 */
export function chainWorkHex(height: number, bits: number): string {
  return (blockWork(bits) * BigInt(height + 1)).toString(16).padStart(64, '0')
}

export interface BlockHeaderJson {
  hash: string
  confirmations: number
  height: number
  version: number
  versionHex: string
  merkleroot: string
  time: number
  mediantime: number
  nonce: number
  bits: string
  difficulty: number
  chainwork: string
  nTx: number
  previousblockhash?: string
  nextblockhash?: string
}

/** `getblockheader` verbose (and the first members of `getblock`). */
export function blockHeaderJson(chain: BtcChainView, stored: StoredBtcBlock): BlockHeaderJson {
  const { header } = stored.block
  const best = chain.bestHeight()
  const json: BlockHeaderJson = {
    hash: hex(stored.hash),
    confirmations: best - stored.height + 1,
    height: stored.height,
    version: header.version,
    versionHex: (header.version >>> 0).toString(16).padStart(8, '0'),
    merkleroot: hex(header.merkleRoot),
    time: header.time,
    mediantime: medianTime(chain, stored.height),
    nonce: header.nonce >>> 0,
    bits: (header.bits >>> 0).toString(16).padStart(8, '0'),
    difficulty: difficulty(header.bits),
    chainwork: chainWorkHex(stored.height, header.bits),
    nTx: stored.block.transactions.length,
  }
  // The first simulated block has no parent in this chain, as genesis has none in Bitcoin Core.
  if (chain.blockByHeight(stored.height - 1) !== undefined)
    json.previousblockhash = hex(header.previousBlockHash)
  const next = stored.height < best ? chain.blockByHeight(stored.height + 1) : undefined
  if (next) json.nextblockhash = hex(next.hash)
  return json
}

/** `getblockheader` with verbose false: the 80 serialized bytes. */
export function blockHeaderHex(stored: StoredBtcBlock): string {
  return hex(encodeBitcoinHeader(stored.block.header))
}

/** `getblock` verbosity 0: the serialized block. */
export function blockHex(stored: StoredBtcBlock): string {
  return hex(stored.raw)
}

export type BlockJson = BlockHeaderJson & {
  strippedsize: number
  size: number
  weight: number
  tx: Array<string | TransactionJson>
}

function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9
}

/** `getblock` verbosity 1 (txids) or 2 (decoded transactions with hex and fees). */
export function blockJson(chain: BtcChainView, stored: StoredBtcBlock, verbosity: 1 | 2): BlockJson {
  const txs = stored.block.transactions
  const countSize = 80 + varIntSize(txs.length)
  let size = countSize
  let stripped = countSize
  for (const tx of txs) {
    const sizes = transactionSizes(tx)
    size += sizes.size
    stripped += sizes.stripped
  }
  return {
    ...blockHeaderJson(chain, stored),
    strippedsize: stripped,
    size,
    weight: stripped * 3 + size,
    tx: txs.map((tx) =>
      verbosity === 1
        ? hex(txidOfSerialized(serializeTransaction(tx)))
        : transactionJson(tx, chain.params, feeOption(chain, tx)),
    ),
  }
}

function feeOption(chain: BtcChainView, tx: BitcoinTransaction): { hex: true; fee?: bigint } {
  if (isCoinbase(tx) || !chain.transaction) return { hex: true }
  let spent = 0n
  for (const input of tx.inputs) {
    const previous = chain.transaction(input.previousTxid)?.tx.outputs[input.previousIndex]
    if (!previous) return { hex: true }
    spent += previous.value
  }
  const paid = tx.outputs.reduce((sum, output) => sum + output.value, 0n)
  return { hex: true, fee: spent - paid }
}

export interface TxOutJson {
  bestblock: string
  confirmations: number
  value: number
  scriptPubKey: ScriptPubKeyJson
  coinbase: boolean
}

/** `gettxout` of an unspent output (confirmations 0 while it is only in the mempool). */
export function txOutJson(
  chain: BtcChainView & { bestHash(): Uint8Array },
  utxo: Utxo,
  inMempool: boolean,
): TxOutJson {
  return {
    bestblock: hex(chain.bestHash()),
    confirmations: inMempool ? 0 : Math.max(0, chain.bestHeight() - utxo.height + 1),
    value: btcAmount(utxo.value),
    scriptPubKey: scriptPubKeyJson(utxo.scriptPubKey, chain.params),
    coinbase: utxo.coinbase,
  }
}
