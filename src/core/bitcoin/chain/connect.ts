/**
 * Writes a block into the store: the block itself, its height index, the location of each of its
 * transactions, and the UTXO set's changes (inputs spent, spendable outputs added).
 */
import { type BitcoinBlock, serializeBitcoinBlock } from '../../mining/bitcoin/block.js'
import { type BitcoinTxOutput, transactionId } from '../../mining/bitcoin/transaction.js'
import { concatBytes } from '../../util/hex.js'
import {
  blockKey,
  decodeUtxo,
  deleteUtxo,
  encodeLocation,
  encodeTip,
  heightKey,
  putUtxo,
  TIP_KEY,
  txKey,
  utxoKey,
} from './layout.js'
import type { BtcStore } from './store.js'

/** Outputs no one can spend stay out of the UTXO set, as Bitcoin Core leaves them out. */
export function isUnspendable(output: BitcoinTxOutput): boolean {
  return output.scriptPubKey[0] === 0x6a || output.scriptPubKey.length > 10_000
}

/** The stored form of a block: its height (u32 little-endian) then the raw block. */
export function encodeStoredBlock(height: number, raw: Uint8Array): Uint8Array {
  const prefix = Uint8Array.of(height & 0xff, (height >>> 8) & 0xff, (height >>> 16) & 0xff, height >>> 24)
  return concatBytes(prefix, raw)
}

export function connectBlock(store: BtcStore, block: BitcoinBlock, height: number, hash: Uint8Array): void {
  store.put(blockKey(hash), encodeStoredBlock(height, serializeBitcoinBlock(block)))
  store.put(heightKey(height), hash)
  block.transactions.forEach((tx, index) => {
    const txid = transactionId(tx)
    store.put(txKey(txid), encodeLocation({ height, index }))
    if (index > 0) {
      for (const input of tx.inputs) {
        const bytes = store.get(utxoKey(input.previousTxid, input.previousIndex))
        if (!bytes) throw new Error('a block being connected spends a missing output')
        deleteUtxo(store, decodeUtxo(input.previousTxid, input.previousIndex, bytes))
      }
    }
    tx.outputs.forEach((output, n) => {
      if (!isUnspendable(output)) putUtxo(store, { txid, index: n, ...output, height, coinbase: index === 0 })
    })
  })
  store.put(TIP_KEY, encodeTip({ height, hash }))
}
