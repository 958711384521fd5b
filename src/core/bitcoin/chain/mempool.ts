/**
 * The mempool in the store: txids in arrival order (a parent always before its children) and
 * each raw transaction under its own key. It stays small (mining empties it), so a view of it is
 * rebuilt from the store whenever needed.
 */
import { type BitcoinTransaction, parseTransaction } from '../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex, equalBytes } from '../../util/hex.js'
import { isUnspendable } from './connect.js'
import { decodeTxids, MEMPOOL_KEY, mempoolTxKey } from './layout.js'
import type { BtcStore } from './store.js'
import { MEMPOOL_HEIGHT, type Utxo } from './types.js'

export interface MempoolEntry {
  txid: Uint8Array
  raw: Uint8Array
  tx: BitcoinTransaction
}

export const outpointId = (txid: Uint8Array, index: number) => `${bytesToUnprefixedHex(txid)}:${index}`

export function mempoolTxids(store: BtcStore): Uint8Array[] {
  return decodeTxids(store.get(MEMPOOL_KEY))
}

export function mempoolEntries(store: BtcStore): MempoolEntry[] {
  return mempoolTxids(store).map((txid) => {
    const raw = store.get(mempoolTxKey(txid))
    if (!raw) throw new Error('a mempool transaction is missing from the store')
    return { txid, raw, tx: parseTransaction(raw) }
  })
}

export function addToMempool(store: BtcStore, txid: Uint8Array, raw: Uint8Array): void {
  const ids = store.get(MEMPOOL_KEY) ?? new Uint8Array(0)
  const next = new Uint8Array(ids.length + 32)
  next.set(ids)
  next.set(txid, ids.length)
  store.put(MEMPOOL_KEY, next)
  store.put(mempoolTxKey(txid), raw)
}

/** Drops `mined` from the mempool, keeping the others in order. */
export function removeFromMempool(store: BtcStore, mined: readonly Uint8Array[]): void {
  if (mined.length === 0) return
  const rest = mempoolTxids(store).filter((id) => !mined.some((m) => equalBytes(m, id)))
  for (const txid of mined) store.put(mempoolTxKey(txid), undefined)
  const bytes = new Uint8Array(rest.length * 32)
  rest.forEach((id, i) => {
    bytes.set(id, i * 32)
  })
  store.put(MEMPOOL_KEY, rest.length > 0 ? bytes : undefined)
}

/** What the mempool adds to and takes from the confirmed UTXO set. */
export interface MempoolView {
  entries: MempoolEntry[]
  /** Outputs of mempool transactions, by outpoint id. */
  outputs: Map<string, Utxo>
  /** The txid of the mempool transaction spending each outpoint id. */
  spentBy: Map<string, Uint8Array>
}

export function mempoolView(store: BtcStore): MempoolView {
  const entries = mempoolEntries(store)
  const outputs = new Map<string, Utxo>()
  const spentBy = new Map<string, Uint8Array>()
  for (const { txid, tx } of entries) {
    for (const input of tx.inputs) spentBy.set(outpointId(input.previousTxid, input.previousIndex), txid)
    tx.outputs.forEach((output, index) => {
      if (isUnspendable(output)) return
      const utxo = { txid, index, ...output, height: MEMPOOL_HEIGHT, coinbase: false }
      outputs.set(outpointId(txid, index), utxo)
    })
  }
  return { entries, outputs, spentBy }
}
