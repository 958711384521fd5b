/**
 * An upstream block below or at a fork block, decoded from the upstream's JSON into the shape a
 * replay, a tracer or a call at that block reads (`StoredBlock`). It runs on the upstream's state
 * (`ForkState.stateAt`), under Rootstock's rules (gas schedule, fees to REMASC).
 */
import type { BlockHeader } from '../../chain/header.js'
import type { SignedTransaction } from '../../chain/transaction.js'
import type { UpstreamJson } from '../../fork/forkHistory.js'
import { bytesToUnprefixedHex, ZERO_ADDRESS } from '../../util/hex.js'
import type { StoredBlock } from './blockRecord.js'
import { upstreamBlockView } from './upstreamViews.js'
import type { TransactionView } from './views.js'

const EMPTY = new Uint8Array(0)
/** The blocks made here from the upstream's JSON. */
const fromUpstream = new WeakSet<StoredBlock>()

/** An upstream block (fetched with its transactions) as a block a replay runs. */
export function upstreamStoredBlock(json: UpstreamJson): StoredBlock {
  const view = upstreamBlockView(json, true)
  const views = view.transactions as TransactionView[]
  const transactions = views.map(
    (t): SignedTransaction => ({
      nonce: t.nonce,
      gasPrice: t.gasPrice,
      gasLimit: t.gas,
      ...(t.to === null ? {} : { to: t.to }),
      value: t.value,
      data: t.input,
      v: Number(t.v),
      r: t.r,
      s: t.s,
      chainId: 0,
      // REMASC's transaction carries no signature (v, r and s are zero).
      signed: t.v !== 0n || t.r !== 0n || t.s !== 0n,
      hash: t.hash,
      raw: EMPTY,
    }),
  )
  const header: BlockHeader = {
    parentHash: view.parentHash,
    unclesHash: view.sha3Uncles,
    coinbase: view.miner ?? ZERO_ADDRESS,
    stateRoot: view.stateRoot,
    transactionsRoot: view.transactionsRoot,
    receiptsRoot: view.receiptsRoot,
    logsBloom: view.logsBloom ?? new Uint8Array(256),
    difficulty: view.difficulty,
    number: view.number as bigint,
    gasLimit: view.gasLimit,
    gasUsed: view.gasUsed,
    timestamp: view.timestamp,
    extraData: view.extraData,
    paidFees: view.paidFees,
    minimumGasPrice: view.minimumGasPrice,
    uncleCount: view.uncles.length,
    ummRoot: null,
    version: 0,
    txExecutionSublistsEdges: view.rskPteEdges,
    baseEvent: view.baseEvent,
    bitcoinMergedMiningHeader: view.bitcoinMergedMiningHeader,
    bitcoinMergedMiningMerkleProof: view.bitcoinMergedMiningMerkleProof,
    bitcoinMergedMiningCoinbaseTransaction: view.bitcoinMergedMiningCoinbaseTransaction,
  }
  const hash = view.hash as Uint8Array
  const block: StoredBlock = {
    header,
    hash,
    hashHex: bytesToUnprefixedHex(hash),
    hashForMergedMining: view.hashForMergedMining,
    transactions,
    senders: views.map((t) => t.from),
    receipts: [],
    totalDifficulty: view.totalDifficulty,
    size: Number(view.size),
  }
  fromUpstream.add(block)
  return block
}

/** Whether `block` is one of the upstream's (replayed on the upstream's state at its parent). */
export function isUpstreamBlock(block: StoredBlock): boolean {
  return fromUpstream.has(block)
}
