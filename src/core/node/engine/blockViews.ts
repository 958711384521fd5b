/** Builds the views (`views.ts`) of stored blocks, transactions and receipts, for `rpc/dto`. */

import type { SignedTransaction } from '../../chain/transaction.js'
import { receiptsRoot, transactionsRoot } from '../../chain/tries.js'
import type { NetworkConfig } from '../../network/networks.js'
import type { Address } from '../../util/hex.js'
import type { ExecutedBlock } from './blockBuilder.js'
import type { StoredBlock } from './blockRecord.js'
import { blockLogs } from './chainReader.js'
import type { BlockView, LogView, ReceiptView, TransactionView } from './views.js'

export function blockView(block: StoredBlock, fullTransactions: boolean): BlockView {
  const h = block.header
  return {
    number: h.number,
    hash: block.hash,
    parentHash: h.parentHash,
    sha3Uncles: h.unclesHash,
    logsBloom: h.logsBloom,
    transactionsRoot: h.transactionsRoot,
    stateRoot: h.stateRoot,
    receiptsRoot: h.receiptsRoot,
    miner: h.coinbase,
    difficulty: h.difficulty,
    totalDifficulty: block.totalDifficulty,
    extraData: h.extraData,
    size: BigInt(block.size),
    gasLimit: h.gasLimit,
    gasUsed: h.gasUsed,
    timestamp: h.timestamp,
    transactions: fullTransactions
      ? block.transactions.map((_tx, i) => minedTransactionView(block, i))
      : block.transactions.map((tx) => tx.hash),
    uncles: [],
    minimumGasPrice: h.minimumGasPrice,
    bitcoinMergedMiningHeader: h.bitcoinMergedMiningHeader,
    bitcoinMergedMiningCoinbaseTransaction: h.bitcoinMergedMiningCoinbaseTransaction,
    bitcoinMergedMiningMerkleProof: h.bitcoinMergedMiningMerkleProof,
    hashForMergedMining: block.hashForMergedMining,
    paidFees: h.paidFees,
    // This block's difficulty plus its uncles' (RSKj Block.getCumulativeDifficulty); no uncles here.
    cumulativeDifficulty: h.difficulty,
    rskPteEdges: h.version > 0 ? (h.txExecutionSublistsEdges ?? null) : null,
    baseEvent: h.baseEvent ?? null,
  }
}

export function transactionView(
  tx: SignedTransaction,
  from: Address,
  location: { blockHash: Uint8Array | null; blockNumber: bigint | null; index: number | null },
): TransactionView {
  return {
    hash: tx.hash,
    nonce: tx.nonce,
    blockHash: location.blockHash,
    blockNumber: location.blockNumber,
    transactionIndex: location.index,
    from,
    to: tx.to ?? null,
    gas: tx.gasLimit,
    gasPrice: tx.gasPrice,
    value: tx.value,
    input: tx.data,
    v: BigInt(tx.v),
    r: tx.r,
    s: tx.s,
  }
}

export function minedTransactionView(block: StoredBlock, index: number): TransactionView {
  return transactionView(block.transactions[index]!, block.senders[index]!, {
    blockHash: block.hash,
    blockNumber: block.header.number,
    index,
  })
}

export function receiptView(block: StoredBlock, index: number, logs?: LogView[]): ReceiptView {
  const tx = block.transactions[index]!
  const receipt = block.receipts[index]!
  const all = logs ?? blockLogs(block)
  return {
    transactionHash: tx.hash,
    transactionIndex: index,
    blockHash: block.hash,
    blockNumber: block.header.number,
    cumulativeGasUsed: receipt.cumulativeGasUsed,
    gasUsed: receipt.gasUsed,
    contractAddress: receipt.contractAddress,
    logs: all.filter((l) => l.transactionIndex === index),
    from: block.senders[index]!,
    to: tx.to ?? null,
    status: receipt.status,
    logsBloom: receipt.bloom,
    effectiveGasPrice: tx.gasPrice,
  }
}

/** RSKj's pending block: number, hash, logsBloom and miner null; totalDifficulty 0x0 (not in the store). */
export function pendingBlockView(
  parent: StoredBlock,
  executed: ExecutedBlock,
  network: NetworkConfig,
  full: boolean,
): BlockView {
  const h = parent.header
  return {
    number: null,
    hash: null,
    parentHash: parent.hash,
    sha3Uncles: h.unclesHash,
    logsBloom: null,
    transactionsRoot: transactionsRoot(executed.transactions),
    stateRoot: h.stateRoot,
    receiptsRoot: receiptsRoot(executed.receipts),
    miner: null,
    difficulty: network.difficulty,
    totalDifficulty: 0n,
    extraData: new Uint8Array(0),
    size: 0n,
    gasLimit: executed.gasLimit,
    gasUsed: executed.gasUsed,
    timestamp: h.timestamp + 1n,
    transactions: full
      ? executed.transactions.map((tx, i) =>
          transactionView(tx, executed.senders[i]!, { blockHash: null, blockNumber: null, index: null }),
        )
      : executed.transactions.map((tx) => tx.hash),
    uncles: [],
    minimumGasPrice: network.minimumGasPrice,
    bitcoinMergedMiningHeader: new Uint8Array(0),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
    bitcoinMergedMiningMerkleProof: new Uint8Array(0),
    hashForMergedMining: new Uint8Array(32),
    paidFees: executed.paidFees,
    cumulativeDifficulty: network.difficulty,
    rskPteEdges: null,
    baseEvent: null,
  }
}
