/**
 * Handler for `eth_getTransactionByHash`: a mined transaction with its block fields, a pool
 * transaction with `blockHash`, `blockNumber` and `transactionIndex` null, or `null`.
 */
import { minedTransactionView, transactionView } from '../../../node/engine/blockViews.js'
import { bytesToHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'
import { hash } from '../../params.js'

export const eth_getTransactionByHash = defineMethod({
  name: 'eth_getTransactionByHash',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const engine = context.engine
    const location = await engine.reader.transactionLocation(txHash)
    if (location) {
      const found = await engine.reader.blockByNumber(location.blockNumber)
      if (found) return toTransactionDto(minedTransactionView(found, location.index))
    }
    const pooled = engine.pool.get(bytesToHex(txHash))
    if (!pooled) return null
    return toTransactionDto(
      transactionView(pooled.tx.tx, pooled.tx.sender, { blockHash: null, blockNumber: null, index: null }),
    )
  },
})
