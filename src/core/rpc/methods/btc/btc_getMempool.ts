/** Handler for `btc_getMempool`: the Bitcoin transactions waiting for a block, decoded. */
import { rawTransactionJson } from '../../bitcoind/views.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { defineMethod } from '../../defineMethod.js'

export const btc_getMempool = defineMethod({
  name: 'btc_getMempool',
  params: [],
  handler: (context) => {
    const chain = latestBitcoinChain(context)
    return chain.mempool().flatMap((txid) => {
      const info = chain.transaction(txid)
      return info ? [{ ...rawTransactionJson(chain, info.tx, {}), inMempool: true }] : []
    })
  },
})
