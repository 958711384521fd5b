/**
 * Builds the next block: executes the chosen transactions over a state overlay, appends the
 * REMASC transaction, computes roots, bloom and fees, then mines it with a real merged-mining
 * proof. Returns everything the commit writes; touches neither storage nor the live state.
 */
import { blockSize, remascTransaction, userTransactionCount } from '../../chain/block.js'
import { logsBloom, mergeBlooms } from '../../chain/bloom.js'
import { type BlockHeader, blockHash, hashForMergedMining } from '../../chain/header.js'
import { type SignedTransaction, transactionSenderPublicKey } from '../../chain/transaction.js'
import { receiptsRoot, transactionsRoot } from '../../chain/tries.js'
import { EMPTY_LIST_HASH } from '../../crypto/hash.js'
import { executeTransaction, InvalidTransactionError } from '../../evm/transaction.js'
import type { BlockEnv, ExecutionResult, Precompile, StateDiff, StateReader } from '../../evm/types.js'
import { mineMergedMiningFields } from '../../mining/miner.js'
import { type NetworkConfig, REMASC_ADDRESS } from '../../network/networks.js'
import { StateOverlay } from '../../state/overlay.js'
import { type Address, bytesToUnprefixedHex } from '../../util/hex.js'
import { messageOf } from './blockEnv.js'
import type { StoredBlock, StoredReceipt } from './blockRecord.js'
import { assertValidMergedMining } from './mergedMiningValidation.js'
import type { EngineSettings } from './settings.js'

/** The three merged-mining header fields (RSKj `setBitcoinMergedMining*`). */
export interface MergedMiningFields {
  bitcoinMergedMiningHeader: Uint8Array
  bitcoinMergedMiningCoinbaseTransaction: Uint8Array
  bitcoinMergedMiningMerkleProof: Uint8Array
}

export interface Candidate {
  tx: SignedTransaction
  sender: Address
}

export interface BuildBlockParameters {
  network: NetworkConfig
  parent: StoredBlock
  state: StateReader
  candidates: readonly Candidate[]
  timestamp: bigint
  coinbase: Address
  /** Bitcoin header hash of the parent's merged-mining proof (the simulated Bitcoin chain). */
  parentBitcoinHash: Uint8Array
  forkDetectionData?: Uint8Array
  getBlockHash(number: bigint): Uint8Array | undefined
  precompiles?: ReadonlyMap<Address, Precompile>
  /** A fixed gas limit (anvil_setBlockGasLimit) instead of the walk toward the network's target. */
  gasLimit?: bigint
  /**
   * Leave the REMASC transaction out of the block (a chain opened with `omitRemascTransaction`
   * for test suites whose assertions expect one transaction per block). Fees still go to REMASC.
   */
  omitRemasc?: boolean
  /** How the built-in miner draws its Bitcoin blocks' fillers (the chain's setting, mining/fillers.ts). */
  mergedMiningFillers?: EngineSettings['mergedMiningFillers']
}

/** A block whose transactions ran; its header waits for the state root. */
export interface ExecutedBlock {
  number: bigint
  gasLimit: bigint
  gasUsed: bigint
  paidFees: bigint
  transactions: SignedTransaction[]
  senders: Address[]
  receipts: StoredReceipt[]
  diff: StateDiff
  /** Candidates that could not run (their nonce or balance no longer fits): the pool drops them. */
  rejected: Candidate[]
}

export interface SealedBlock {
  block: StoredBlock
  bitcoinHash: Uint8Array
}

/** RSKj GasLimitCalculator: move by at most parent/1024 toward the target. */
export function nextGasLimit(parentGasLimit: bigint, target: bigint): bigint {
  const step = parentGasLimit / 1024n
  if (parentGasLimit < target) return parentGasLimit + step > target ? target : parentGasLimit + step
  if (parentGasLimit > target) return parentGasLimit - step < target ? target : parentGasLimit - step
  return parentGasLimit
}

/** What the EVM sees of the block built from `p`: also the `pending` block of calls and estimates. */
export function nextBlockEnv(
  p: Pick<
    BuildBlockParameters,
    'network' | 'parent' | 'timestamp' | 'coinbase' | 'getBlockHash' | 'gasLimit'
  >,
): BlockEnv {
  return {
    number: p.parent.header.number + 1n,
    timestamp: p.timestamp,
    coinbase: p.coinbase,
    difficulty: p.network.difficulty,
    gasLimit: p.gasLimit ?? nextGasLimit(p.parent.header.gasLimit, p.network.targetGasLimit),
    minimumGasPrice: p.network.minimumGasPrice,
    chainId: BigInt(p.network.chainId),
    getBlockHash: p.getBlockHash,
  }
}

/** Runs the candidates over an overlay of the parent state and appends the REMASC transaction. */
export function executeBlock(p: BuildBlockParameters): ExecutedBlock {
  const env = nextBlockEnv(p)
  const { number, gasLimit } = env
  const overlay = new StateOverlay(p.state)
  const transactions: SignedTransaction[] = []
  const senders: Address[] = []
  const receipts: StoredReceipt[] = []
  const rejected: Candidate[] = []
  let gasUsed = 0n
  let paidFees = 0n
  // RSKIP125: an account self-destructed earlier in the block stays deleted for the rest of it.
  const deletedAccounts = new Set<Address>()
  for (const candidate of p.candidates) {
    const { tx, sender } = candidate
    if (gasUsed + tx.gasLimit > gasLimit) continue
    const account = overlay.getAccount(sender)
    if (
      (account?.nonce ?? 0n) !== tx.nonce ||
      (account?.balance ?? 0n) < tx.gasLimit * tx.gasPrice + tx.value
    ) {
      rejected.push(candidate)
      continue
    }
    let result: ExecutionResult
    try {
      result = executeTransaction(overlay, messageOf(tx, sender), env, {
        feeRecipient: REMASC_ADDRESS,
        precompiles: p.precompiles,
        deletedAccounts,
        blockGasUsed: gasUsed,
        txHash: tx.hash,
        senderPublicKey: () => transactionSenderPublicKey(tx),
      })
    } catch (error) {
      // RSKj's TransactionExecutor.init refusal: the transaction is not included, the pool drops it.
      if (error instanceof InvalidTransactionError) {
        rejected.push(candidate)
        continue
      }
      throw error
    }
    overlay.apply(result.diff)
    for (const [address, change] of result.diff) if (change.account === null) deletedAccounts.add(address)
    gasUsed += result.gasUsed
    paidFees += result.gasUsed * tx.gasPrice
    transactions.push(tx)
    senders.push(sender)
    receipts.push({
      status: result.success,
      cumulativeGasUsed: gasUsed,
      gasUsed: result.gasUsed,
      logs: result.logs,
      bloom: logsBloom(result.logs),
      contractAddress: result.contractAddress ?? null,
    })
  }
  // Every Rootstock block ends with the REMASC transaction; it moves no value here and uses no gas.
  if (!p.omitRemasc) {
    transactions.push(remascTransaction(number))
    senders.push('0x0000000000000000000000000000000000000000')
    receipts.push({
      status: true,
      cumulativeGasUsed: gasUsed,
      gasUsed: 0n,
      logs: [],
      bloom: logsBloom([]),
      contractAddress: null,
    })
  }

  return {
    number,
    gasLimit,
    gasUsed,
    paidFees,
    transactions,
    senders,
    receipts,
    diff: overlay.diff(),
    rejected,
  }
}

/** RSKIP144's edges: one parallel sublist holding every user transaction, none when there are none. */
function sublistEdges(users: number): number[] {
  return users > 0 ? [users] : []
}

/**
 * The header of an executed block with its state root, complete except the three merged-mining
 * fields, and its hashForMergedMining: what a miner (built-in or external) works on.
 */
export function unsealedHeader(
  p: BuildBlockParameters,
  executed: ExecutedBlock,
  stateRoot: Uint8Array,
): { header: BlockHeader; hashForMergedMining: Uint8Array } {
  const { receipts, transactions } = executed
  const header: BlockHeader = {
    version: p.network.headerVersion,
    parentHash: p.parent.hash,
    unclesHash: EMPTY_LIST_HASH,
    coinbase: p.coinbase,
    stateRoot,
    transactionsRoot: transactionsRoot(transactions),
    receiptsRoot: receiptsRoot(receipts),
    logsBloom: mergeBlooms(receipts.map((r) => r.bloom)),
    difficulty: p.network.difficulty,
    number: executed.number,
    gasLimit: executed.gasLimit,
    gasUsed: executed.gasUsed,
    timestamp: p.timestamp,
    extraData: new Uint8Array(0),
    paidFees: executed.paidFees,
    minimumGasPrice: p.network.minimumGasPrice,
    uncleCount: 0,
    ummRoot: new Uint8Array(0),
    // RSKIP144: every user transaction runs in one parallel sublist; REMASC stays sequential.
    txExecutionSublistsEdges:
      p.network.headerVersion > 0 ? sublistEdges(userTransactionCount(transactions)) : null,
    baseEvent: null,
    bitcoinMergedMiningHeader: new Uint8Array(0),
    bitcoinMergedMiningMerkleProof: new Uint8Array(0),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
  }
  return { header, hashForMergedMining: hashForMergedMining(header, p.forkDetectionData) }
}

/**
 * Puts merged-mining fields from outside (an `mnr_submit*` submission, an `eth_submitWork` nonce)
 * into a copy of an unsealed header and wraps the block, after the validation every externally
 * mined block passes (throws `InvalidMergedMiningError` when it fails).
 */
export function sealWithMergedMiningFields(
  p: BuildBlockParameters,
  executed: ExecutedBlock,
  unsealed: { header: BlockHeader; hashForMergedMining: Uint8Array },
  fields: MergedMiningFields,
): StoredBlock {
  const header = withMergedMiningFields(unsealed.header, fields)
  assertValidMergedMining(header, unsealed.hashForMergedMining)
  return finishSealedBlock(p, executed, header, unsealed.hashForMergedMining)
}

function withMergedMiningFields(header: BlockHeader, fields: MergedMiningFields): BlockHeader {
  return {
    ...header,
    bitcoinMergedMiningHeader: fields.bitcoinMergedMiningHeader,
    bitcoinMergedMiningMerkleProof: fields.bitcoinMergedMiningMerkleProof,
    bitcoinMergedMiningCoinbaseTransaction: fields.bitcoinMergedMiningCoinbaseTransaction,
  }
}

function finishSealedBlock(
  p: BuildBlockParameters,
  executed: ExecutedBlock,
  header: BlockHeader,
  hashForMergedMining: Uint8Array,
): StoredBlock {
  return finishBlock(
    header,
    hashForMergedMining,
    executed.transactions,
    executed.senders,
    executed.receipts,
    p.parent.totalDifficulty,
  )
}

/**
 * A Bitcoin header's time is 32 bits; an RSK block's timestamp is not. A block stamped after 2106
 * (time travel) gets the largest Bitcoin time, never later than its own, so such a chain still
 * mines, with the built-in miner and with external miners' templates alike.
 */
export function bitcoinHeaderTime(timestamp: bigint): number {
  return timestamp > 0xffffffffn ? 0xffffffff : Number(timestamp)
}

/**
 * Completes the header with the committed state root and mines it (merged mining, real PoW).
 * The built-in miner's fields are not run through the checker again here: miner.test.ts holds
 * every block it mines to that checker, and repeating it cost ~9% of a transfer's time.
 */
export function sealBlock(
  p: BuildBlockParameters,
  executed: ExecutedBlock,
  stateRoot: Uint8Array,
): SealedBlock {
  const unsealed = unsealedHeader(p, executed, stateRoot)
  const mined = mineMergedMiningFields({
    hashForMergedMining: unsealed.hashForMergedMining,
    difficulty: p.network.difficulty,
    previousBitcoinHeaderHash: p.parentBitcoinHash,
    timestamp: bitcoinHeaderTime(p.timestamp),
    seed: unsealed.hashForMergedMining,
    fillers: p.mergedMiningFillers,
  })
  return {
    block: finishSealedBlock(
      p,
      executed,
      withMergedMiningFields(unsealed.header, mined),
      unsealed.hashForMergedMining,
    ),
    bitcoinHash: mined.bitcoinHeaderHash,
  }
}

/** Hashes a complete header and wraps it as a stored block. */
export function finishBlock(
  header: BlockHeader,
  mmHash: Uint8Array,
  transactions: SignedTransaction[],
  senders: Address[],
  receipts: StoredReceipt[],
  parentTotalDifficulty: bigint,
): StoredBlock {
  const hash = blockHash(header)
  return {
    header,
    hash,
    hashHex: bytesToUnprefixedHex(hash),
    hashForMergedMining: mmHash,
    transactions,
    senders,
    receipts,
    totalDifficulty: parentTotalDifficulty + header.difficulty,
    size: blockSize({ header, transactions, uncles: [] }),
  }
}
