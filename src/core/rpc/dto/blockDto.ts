/**
 * The JSON block object exactly as RSKj writes it (`BlockResultDTO`, reference §1.5): field order,
 * nulls for a pending block, `mixHash` and `nonce` constants, and the merged-mining fields.
 */
import type { BlockView } from '../../node/engine/views.js'
import type { Hex } from '../../util/hex.js'
import { toData as data, toQuantity as quantity } from '../encode.js'
import { type TransactionDto, toTransactionDto } from './transactionDto.js'

export interface BlockDto {
  number: Hex | null
  hash: Hex | null
  parentHash: Hex
  mixHash: Hex
  nonce: Hex
  sha3Uncles: Hex
  logsBloom: Hex | null
  transactionsRoot: Hex
  stateRoot: Hex
  receiptsRoot: Hex
  miner: Hex | null
  difficulty: Hex
  totalDifficulty: Hex
  extraData: Hex
  size: Hex
  gasLimit: Hex
  gasUsed: Hex
  timestamp: Hex
  transactions: Hex[] | TransactionDto[]
  uncles: Hex[]
  minimumGasPrice: Hex | null
  bitcoinMergedMiningHeader: Hex
  bitcoinMergedMiningCoinbaseTransaction: Hex
  bitcoinMergedMiningMerkleProof: Hex
  hashForMergedMining: Hex
  paidFees: Hex
  cumulativeDifficulty: Hex
  rskPteEdges: number[] | null
  baseEvent: Hex | null
}

const ZERO_HASH_HEX = `0x${'0'.repeat(64)}` as Hex

export function toBlockDto(block: BlockView): BlockDto {
  return {
    number: block.number === null ? null : quantity(block.number),
    hash: block.hash === null ? null : data(block.hash),
    parentHash: data(block.parentHash),
    mixHash: ZERO_HASH_HEX,
    nonce: '0x0000000000000000',
    sha3Uncles: data(block.sha3Uncles),
    logsBloom: block.logsBloom === null ? null : data(block.logsBloom),
    transactionsRoot: data(block.transactionsRoot),
    stateRoot: data(block.stateRoot),
    receiptsRoot: data(block.receiptsRoot),
    miner: block.miner,
    difficulty: quantity(block.difficulty),
    totalDifficulty: quantity(block.totalDifficulty),
    extraData: data(block.extraData),
    size: quantity(block.size),
    gasLimit: quantity(block.gasLimit),
    gasUsed: quantity(block.gasUsed),
    timestamp: quantity(block.timestamp),
    transactions: block.transactions.map((t) => (t instanceof Uint8Array ? data(t) : toTransactionDto(t))) as
      | Hex[]
      | TransactionDto[],
    uncles: block.uncles.map(data),
    minimumGasPrice: block.minimumGasPrice === null ? null : quantity(block.minimumGasPrice),
    bitcoinMergedMiningHeader: data(block.bitcoinMergedMiningHeader),
    bitcoinMergedMiningCoinbaseTransaction: data(block.bitcoinMergedMiningCoinbaseTransaction),
    bitcoinMergedMiningMerkleProof: data(block.bitcoinMergedMiningMerkleProof),
    hashForMergedMining: data(block.hashForMergedMining),
    paidFees: quantity(block.paidFees),
    cumulativeDifficulty: quantity(block.cumulativeDifficulty),
    rskPteEdges: block.rskPteEdges,
    baseEvent: block.baseEvent === null || block.baseEvent.length === 0 ? null : data(block.baseEvent),
  }
}
