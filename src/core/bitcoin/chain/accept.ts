/**
 * Acceptance of a submitted raw transaction into the mempool, in the order and with the answers
 * of bitcoind's `sendrawtransaction`: decode (-22), already known (a mempool transaction is
 * accepted again silently; one whose outputs are unspent in the chain is -27), `CheckTransaction`
 * and relay policy (-26), mempool conflicts (-26), missing or spent inputs (-25), coinbase
 * maturity, values and fees (-26), then every input's script (-26).
 */
import {
  parseTransaction,
  serializeTransactionForBlock,
  transactionId,
} from '../../mining/bitcoin/transaction.js'
import { equalBytes } from '../../util/hex.js'
import { verifyInputScript } from '../verifyInput.js'
import { COINBASE_MATURITY } from './coinbase.js'
import { decodeUtxo, utxoKey } from './layout.js'
import { addToMempool, mempoolView, outpointId } from './mempool.js'
import { checkFinal, checkStandard, checkTransaction, formatMoney, reject, txVsize } from './policy.js'
import type { BtcStore } from './store.js'
import {
  BtcRejectError,
  RPC_DESERIALIZATION_ERROR,
  RPC_TRANSACTION_ALREADY_IN_CHAIN,
  RPC_TRANSACTION_ERROR,
  type Utxo,
} from './types.js'

/** `DEFAULT_MIN_RELAY_TX_FEE`: 1000 satoshis per 1000 virtual bytes. */
const MIN_RELAY_FEE_PER_KVB = 1000n

export interface ChainContext {
  genesisHeight: number
  /** Height of the block the transaction would enter. */
  nextHeight: number
  /** Time of the best block (lock times by time compare with it). */
  tipTime: number
}

function decode(raw: Uint8Array) {
  try {
    const tx = parseTransaction(raw)
    // A segwit serialization must carry a witness (Core: "Superfluous witness record").
    const marked = raw[4] === 0 && raw[5] === 1
    if (marked && tx.inputs.every((input) => (input.witness?.length ?? 0) === 0)) throw new Error()
    return tx
  } catch {
    throw new BtcRejectError(RPC_DESERIALIZATION_ERROR, 'TX decode failed')
  }
}

export function confirmedUtxo(store: BtcStore, txid: Uint8Array, index: number): Utxo | undefined {
  const bytes = store.get(utxoKey(txid, index))
  return bytes && decodeUtxo(txid, index, bytes)
}

/** Validates `raw` against the chain and its mempool and adds it there; returns its txid. */
export function acceptToMempool(store: BtcStore, context: ChainContext, raw: Uint8Array): Uint8Array {
  const tx = decode(raw)
  const txid = transactionId(tx)
  const view = mempoolView(store)
  if (view.entries.some((entry) => equalBytes(entry.txid, txid))) return txid
  if (tx.outputs.some((_, index) => confirmedUtxo(store, txid, index) !== undefined))
    throw new BtcRejectError(RPC_TRANSACTION_ALREADY_IN_CHAIN, 'transaction already in block chain')
  checkTransaction(tx)
  checkStandard(tx)
  checkFinal(tx, context.nextHeight, context.tipTime)
  for (const input of tx.inputs) {
    if (view.spentBy.has(outpointId(input.previousTxid, input.previousIndex)))
      throw reject('txn-mempool-conflict')
  }
  const prevouts: Utxo[] = []
  for (const input of tx.inputs) {
    const prevout =
      view.outputs.get(outpointId(input.previousTxid, input.previousIndex)) ??
      confirmedUtxo(store, input.previousTxid, input.previousIndex)
    if (!prevout) throw new BtcRejectError(RPC_TRANSACTION_ERROR, 'bad-txns-inputs-missingorspent')
    prevouts.push(prevout)
  }
  for (const coin of prevouts) {
    const depth = context.nextHeight - coin.height
    if (coin.coinbase && coin.height !== context.genesisHeight && depth < COINBASE_MATURITY)
      throw reject(`bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${depth}`)
  }
  const valueIn = prevouts.reduce((sum, coin) => sum + coin.value, 0n)
  const valueOut = tx.outputs.reduce((sum, output) => sum + output.value, 0n)
  if (valueIn < valueOut)
    throw reject(
      `bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
    )
  const fee = valueIn - valueOut
  const minimumFee = (MIN_RELAY_FEE_PER_KVB * BigInt(txVsize(tx))) / 1000n
  if (fee < minimumFee) throw reject(`min relay fee not met, ${fee} < ${minimumFee}`)
  prevouts.forEach((coin, i) => {
    const result = verifyInputScript(tx, i, { value: coin.value, scriptPubKey: coin.scriptPubKey })
    if (result.ok) return
    if (result.reason.startsWith('non-standard')) throw reject('bad-txns-nonstandard-inputs')
    throw reject(`mandatory-script-verify-flag-failed (${result.reason})`)
  })
  addToMempool(store, txid, serializeTransactionForBlock(tx))
  return txid
}
