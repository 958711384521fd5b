/**
 * What the engine answers about blocks, transactions, receipts and logs, in domain types (bigint,
 * bytes, lowercase addresses). `rpc/dto` turns them into RSKj's JSON; nothing here knows hex.
 */
import type { Address } from '../../util/hex.js'

export interface TransactionView {
  hash: Uint8Array
  nonce: bigint
  /** `null` for a transaction in the pool; all zeros in `eth_pendingTransactions`. */
  blockHash: Uint8Array | null
  blockNumber: bigint | null
  transactionIndex: number | null
  from: Address
  to: Address | null
  gas: bigint
  gasPrice: bigint
  value: bigint
  input: Uint8Array
  /** `null` only when a REMASC signature is not zeroed (RSKj option; never here). */
  v: bigint
  r: bigint
  s: bigint
}

export interface BlockView {
  /** `null` for the pending block. */
  number: bigint | null
  hash: Uint8Array | null
  parentHash: Uint8Array
  sha3Uncles: Uint8Array
  logsBloom: Uint8Array | null
  transactionsRoot: Uint8Array
  stateRoot: Uint8Array
  receiptsRoot: Uint8Array
  miner: Address | null
  difficulty: bigint
  totalDifficulty: bigint
  extraData: Uint8Array
  size: bigint
  gasLimit: bigint
  gasUsed: bigint
  timestamp: bigint
  /** Hashes, or full transactions when asked for. */
  transactions: Uint8Array[] | TransactionView[]
  uncles: Uint8Array[]
  minimumGasPrice: bigint | null
  bitcoinMergedMiningHeader: Uint8Array
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  bitcoinMergedMiningMerkleProof: Uint8Array
  hashForMergedMining: Uint8Array
  paidFees: bigint
  cumulativeDifficulty: bigint
  rskPteEdges: number[] | null
  baseEvent: Uint8Array | null
}

export interface LogView {
  logIndex: number
  blockNumber: bigint
  blockHash: Uint8Array
  transactionHash: Uint8Array
  transactionIndex: number
  address: Address
  data: Uint8Array
  topics: Uint8Array[]
  /** Present only in filter results (`eth_getFilterChanges` after a revert). */
  removed?: boolean
}

export interface ReceiptView {
  transactionHash: Uint8Array
  transactionIndex: number
  blockHash: Uint8Array
  blockNumber: bigint
  cumulativeGasUsed: bigint
  gasUsed: bigint
  contractAddress: Address | null
  logs: LogView[]
  from: Address
  to: Address | null
  status: boolean
  logsBloom: Uint8Array
  effectiveGasPrice: bigint
}
