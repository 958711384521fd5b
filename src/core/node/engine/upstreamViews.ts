/**
 * The upstream's blocks, transactions, receipts and logs (the JSON of another Rootstock node) as
 * this node's views: the inverse of `rpc/dto`, so that a forked node shows a block below its
 * fork block exactly as the upstream does. Decoded once, where it enters the node; a field that
 * is not what RSKj writes is an error naming the field, never a guess.
 */
import { UpstreamAnswerError } from '../../fork/errors.js'
import type { UpstreamJson } from '../../fork/forkHistory.js'
import { type Address, hexToBytes } from '../../util/hex.js'
import type { BlockView, LogView, ReceiptView, TransactionView } from './views.js'

function quantity(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new UpstreamAnswerError(`the upstream's ${field} is not a hex quantity: ${JSON.stringify(value)}`)
  return BigInt(value)
}

function index(value: unknown, field: string): number {
  return Number(quantity(value, field))
}

function data(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new UpstreamAnswerError(`the upstream's ${field} is not hex data: ${JSON.stringify(value)}`)
  return hexToBytes(value)
}

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new UpstreamAnswerError(`the upstream's ${field} is not an address: ${JSON.stringify(value)}`)
  return value.toLowerCase() as Address
}

function optional<T>(value: unknown, decode: (value: unknown) => T): T | null {
  return value === null || value === undefined ? null : decode(value)
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new UpstreamAnswerError(`the upstream's ${field} is not a list`)
  return value
}

export function upstreamTransactionView(tx: UpstreamJson): TransactionView {
  return {
    hash: data(tx.hash, 'transaction hash'),
    nonce: quantity(tx.nonce, 'transaction nonce'),
    blockHash: optional(tx.blockHash, (v) => data(v, 'transaction blockHash')),
    blockNumber: optional(tx.blockNumber, (v) => quantity(v, 'transaction blockNumber')),
    transactionIndex: optional(tx.transactionIndex, (v) => index(v, 'transactionIndex')),
    from: address(tx.from, 'transaction from'),
    to: optional(tx.to, (v) => address(v, 'transaction to')),
    gas: quantity(tx.gas, 'transaction gas'),
    gasPrice: quantity(tx.gasPrice, 'transaction gasPrice'),
    value: quantity(tx.value, 'transaction value'),
    input: data(tx.input, 'transaction input'),
    v: quantity(tx.v, 'transaction v'),
    r: quantity(tx.r, 'transaction r'),
    s: quantity(tx.s, 'transaction s'),
  }
}

/** An upstream block fetched with its transactions, as the view of `eth_getBlockBy*`. */
export function upstreamBlockView(block: UpstreamJson, fullTransactions: boolean): BlockView {
  const transactions = list(block.transactions, 'block transactions').map((tx) =>
    typeof tx === 'string' ? data(tx, 'transaction hash') : upstreamTransactionView(tx as UpstreamJson),
  )
  const hashes = transactions.map((tx) => (tx instanceof Uint8Array ? tx : tx.hash))
  if (fullTransactions && transactions.some((tx) => tx instanceof Uint8Array))
    throw new UpstreamAnswerError('the upstream block holds transaction hashes, not transactions')
  const edges = block.rskPteEdges
  return {
    number: quantity(block.number, 'block number'),
    hash: data(block.hash, 'block hash'),
    parentHash: data(block.parentHash, 'block parentHash'),
    sha3Uncles: data(block.sha3Uncles, 'block sha3Uncles'),
    logsBloom: data(block.logsBloom, 'block logsBloom'),
    transactionsRoot: data(block.transactionsRoot, 'block transactionsRoot'),
    stateRoot: data(block.stateRoot, 'block stateRoot'),
    receiptsRoot: data(block.receiptsRoot, 'block receiptsRoot'),
    miner: address(block.miner, 'block miner'),
    difficulty: quantity(block.difficulty, 'block difficulty'),
    totalDifficulty: quantity(block.totalDifficulty ?? block.difficulty, 'block totalDifficulty'),
    extraData: data(block.extraData, 'block extraData'),
    size: quantity(block.size, 'block size'),
    gasLimit: quantity(block.gasLimit, 'block gasLimit'),
    gasUsed: quantity(block.gasUsed, 'block gasUsed'),
    timestamp: quantity(block.timestamp, 'block timestamp'),
    transactions: fullTransactions ? (transactions as TransactionView[]) : hashes,
    uncles: list(block.uncles ?? [], 'block uncles').map((u) => data(u, 'uncle hash')),
    // An upstream without Rootstock's fields (an Ethereum node) answers them as a Rootstock block
    // without merged mining would: no minimum gas price is 0, no fees paid, empty Bitcoin fields.
    minimumGasPrice:
      block.minimumGasPrice === undefined
        ? 0n
        : optional(block.minimumGasPrice, (v) => quantity(v, 'block minimumGasPrice')),
    bitcoinMergedMiningHeader: data(block.bitcoinMergedMiningHeader ?? '0x', 'bitcoinMergedMiningHeader'),
    bitcoinMergedMiningCoinbaseTransaction: data(
      block.bitcoinMergedMiningCoinbaseTransaction ?? '0x',
      'bitcoinMergedMiningCoinbaseTransaction',
    ),
    bitcoinMergedMiningMerkleProof: data(
      block.bitcoinMergedMiningMerkleProof ?? '0x',
      'bitcoinMergedMiningMerkleProof',
    ),
    hashForMergedMining: data(block.hashForMergedMining ?? '0x', 'hashForMergedMining'),
    paidFees: quantity(block.paidFees ?? '0x0', 'block paidFees'),
    cumulativeDifficulty: quantity(block.cumulativeDifficulty ?? block.difficulty, 'cumulativeDifficulty'),
    rskPteEdges: Array.isArray(edges) ? edges.map(Number) : null,
    baseEvent: optional(block.baseEvent, (v) => data(v, 'block baseEvent')),
  }
}

export function upstreamLogView(log: UpstreamJson): LogView {
  return {
    logIndex: index(log.logIndex, 'logIndex'),
    blockNumber: quantity(log.blockNumber, 'log blockNumber'),
    blockHash: data(log.blockHash, 'log blockHash'),
    transactionHash: data(log.transactionHash, 'log transactionHash'),
    transactionIndex: index(log.transactionIndex, 'log transactionIndex'),
    address: address(log.address, 'log address'),
    data: data(log.data, 'log data'),
    topics: list(log.topics, 'log topics').map((t) => data(t, 'log topic')),
  }
}

export function upstreamReceiptView(receipt: UpstreamJson): ReceiptView {
  return {
    transactionHash: data(receipt.transactionHash, 'receipt transactionHash'),
    transactionIndex: index(receipt.transactionIndex, 'receipt transactionIndex'),
    blockHash: data(receipt.blockHash, 'receipt blockHash'),
    blockNumber: quantity(receipt.blockNumber, 'receipt blockNumber'),
    cumulativeGasUsed: quantity(receipt.cumulativeGasUsed, 'receipt cumulativeGasUsed'),
    gasUsed: quantity(receipt.gasUsed, 'receipt gasUsed'),
    contractAddress: optional(receipt.contractAddress, (v) => address(v, 'receipt contractAddress')),
    logs: list(receipt.logs, 'receipt logs').map((l) => upstreamLogView(l as UpstreamJson)),
    from: address(receipt.from, 'receipt from'),
    to: optional(receipt.to, (v) => address(v, 'receipt to')),
    status: quantity(receipt.status, 'receipt status') === 1n,
    logsBloom: data(receipt.logsBloom, 'receipt logsBloom'),
    effectiveGasPrice: quantity(receipt.effectiveGasPrice ?? '0x0', 'receipt effectiveGasPrice'),
  }
}
