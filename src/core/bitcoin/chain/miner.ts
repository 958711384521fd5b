/**
 * Mining a block on demand, as bitcoind's `generatetoaddress` does: a coinbase (BIP34 height,
 * subsidy plus the fees of the transactions taken, and the BIP141 witness commitment when one of
 * them has a witness), the mempool in arrival order up to the block weight limit, the merkle root,
 * and proof of work at regtest difficulty.
 */
import { sha256d } from '../../crypto/fastSha256.js'
import type { BitcoinBlock } from '../../mining/bitcoin/block.js'
import { serializeBitcoinBlock } from '../../mining/bitcoin/block.js'
import { reverseBytes } from '../../mining/bitcoin/byteIo.js'
import { bitcoinHeaderHash, encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
import { merkleRoot, merkleTreeOfInternalIds } from '../../mining/bitcoin/merkle.js'
import {
  type BitcoinTransaction,
  type BitcoinTxOutput,
  serializeTransactionForBlock,
  transactionId,
} from '../../mining/bitcoin/transaction.js'
import { concatBytes, utf8ToBytes } from '../../util/hex.js'
import { REGTEST_BITS } from '../params.js'
import { mineHeader } from '../pow.js'
import { confirmedUtxo } from './accept.js'
import { blockSubsidy, coinbaseTransaction } from './coinbase.js'
import { connectBlock } from './connect.js'
import type { Tip } from './layout.js'
import { type MempoolEntry, mempoolEntries, outpointId, removeFromMempool } from './mempool.js'
import { MAX_BLOCK_WEIGHT, txWeight } from './policy.js'
import type { BtcStore } from './store.js'
import type { StoredBtcBlock } from './types.js'

/** Version bits (BIP9) with no proposal signalled, as Bitcoin Core's miner sets it. */
const BLOCK_VERSION = 0x20000000
/** Weight kept aside for the coinbase (`DEFAULT_BLOCK_RESERVED_WEIGHT`). */
const RESERVED_WEIGHT = 8000
const WITNESS_COMMITMENT_PREFIX = Uint8Array.of(0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed)
const COINBASE_TAG = utf8ToBytes('rsk-devnode')

/** The mempool's longest prefix that fits a block (a prefix keeps every parent before its child). */
function selectTransactions(entries: MempoolEntry[]): MempoolEntry[] {
  let weight = RESERVED_WEIGHT
  const taken: MempoolEntry[] = []
  for (const entry of entries) {
    weight += txWeight(entry.tx)
    if (weight > MAX_BLOCK_WEIGHT) break
    taken.push(entry)
  }
  return taken
}

/** Sum of the fees of `txs`, whose inputs are confirmed or outputs of earlier ones among them. */
function totalFees(store: BtcStore, txs: BitcoinTransaction[]): bigint {
  const created = new Map<string, bigint>()
  let fees = 0n
  for (const tx of txs) {
    let valueIn = 0n
    for (const input of tx.inputs) {
      const id = outpointId(input.previousTxid, input.previousIndex)
      const value = created.get(id) ?? confirmedUtxo(store, input.previousTxid, input.previousIndex)?.value
      if (value === undefined) throw new Error('a mempool transaction spends a missing output')
      valueIn += value
    }
    const txid = transactionId(tx)
    tx.outputs.forEach((output, index) => {
      created.set(outpointId(txid, index), output.value)
    })
    fees += valueIn - tx.outputs.reduce((sum, output) => sum + output.value, 0n)
  }
  return fees
}

/** BIP141: the coinbase output committing to the witness merkle root (coinbase wtxid = 0). */
function witnessCommitment(txs: BitcoinTransaction[]): BitcoinTxOutput {
  const leaves = [new Uint8Array(32), ...txs.map((tx) => sha256d(serializeTransactionForBlock(tx)))]
  const root = reverseBytes(merkleTreeOfInternalIds(leaves).root)
  const commitment = sha256d(concatBytes(root, new Uint8Array(32)))
  return { value: 0n, scriptPubKey: concatBytes(WITNESS_COMMITMENT_PREFIX, commitment) }
}

export interface MineRequest {
  tip: Tip
  tipTime: number
  genesisHeight: number
  payoutScript: Uint8Array
  time: number
}

/** Mines one block on `tip` with what the mempool holds, and connects it. */
export function mineBlock(store: BtcStore, request: MineRequest): StoredBtcBlock {
  const height = request.tip.height + 1
  const entries = selectTransactions(mempoolEntries(store))
  const txs = entries.map((entry) => entry.tx)
  const reward = blockSubsidy(height - request.genesisHeight) + totalFees(store, txs)
  const segwit = txs.some((tx) => tx.inputs.some((input) => (input.witness?.length ?? 0) > 0))
  const outputs: BitcoinTxOutput[] = [{ value: reward, scriptPubKey: request.payoutScript }]
  if (segwit) outputs.push(witnessCommitment(txs))
  const coinbase = coinbaseTransaction(height, outputs, COINBASE_TAG, segwit ? new Uint8Array(32) : undefined)
  const transactions = [coinbase, ...txs]
  const header = mineHeader({
    version: BLOCK_VERSION,
    previousBlockHash: request.tip.hash,
    merkleRoot: merkleRoot(transactions.map(transactionId)),
    time: Math.max(request.time, request.tipTime + 1),
    bits: REGTEST_BITS,
    nonce: 0,
  })
  const block: BitcoinBlock = { header, transactions }
  const hash = bitcoinHeaderHash(encodeBitcoinHeader(header))
  connectBlock(store, block, height, hash)
  removeFromMempool(
    store,
    entries.map((entry) => entry.txid),
  )
  return { block, hash, height, raw: serializeBitcoinBlock(block) }
}
