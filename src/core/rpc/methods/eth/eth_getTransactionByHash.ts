/**
 * Handler for `eth_getTransactionByHash`: a mined transaction with its block fields, a pool
 * transaction with `blockHash`, `blockNumber` and `transactionIndex` null, or `null`. On a fork,
 * a transaction mined upstream at or below the fork block is the upstream's.
 */
import { transactionView } from '../../../node/engine/blockViews.js'
import { findMinedTransaction } from '../../../node/engine/upstreamBlocks.js'
import { bytesToHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'
import { hash } from '../../params.js'

export const eth_getTransactionByHash = defineMethod({
  name: 'eth_getTransactionByHash',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const engine = context.engine
    const mined = await findMinedTransaction(engine, txHash)
    if (mined) return toTransactionDto(mined)
    const pooled = engine.pool.get(bytesToHex(txHash))
    if (!pooled) return null
    return toTransactionDto(
      transactionView(pooled.tx.tx, pooled.tx.sender, { blockHash: null, blockNumber: null, index: null }),
    )
  },
})
