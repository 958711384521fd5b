/** The mempool's transactions with their sizes and fees, for `getmempoolinfo` and `getrawmempool`. */
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import type { BitcoinTransaction } from '../../../mining/bitcoin/transaction.js'
import { transactionSizes, witnessHash } from '../views.js'

export interface MempoolItem {
  txid: Uint8Array
  tx: BitcoinTransaction
  vsize: number
  weight: number
  fee: bigint
  wtxid: Uint8Array
}

export function mempoolItems(chain: BitcoinChain): MempoolItem[] {
  return chain.mempool().flatMap((txid) => {
    const info = chain.transaction(txid)
    if (!info) return []
    let spent = 0n
    for (const input of info.tx.inputs) {
      spent += chain.transaction(input.previousTxid)?.tx.outputs[input.previousIndex]?.value ?? 0n
    }
    const fee = spent - info.tx.outputs.reduce((sum, output) => sum + output.value, 0n)
    const { vsize, weight } = transactionSizes(info.tx)
    return [{ txid, tx: info.tx, vsize, weight, fee, wtxid: witnessHash(info.tx) }]
  })
}
