/**
 * Handler for `eth_pendingTransactions`: the pool's pending (not queued) transactions sent from
 * the node's own accounts, as transaction objects with a zero block hash and null block number
 * and index. In the `rpc-api` profile the service holds no accounts, so `[]`.
 */

import { transactionView } from '../../../node/engine/blockViews.js'
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'

const ZERO_HASH = new Uint8Array(32)

export const eth_pendingTransactions = defineMethod({
  name: 'eth_pendingTransactions',
  params: [],
  handler: async (context) => {
    if (context.profile.ethAccounts === 'empty') return []
    const own = new Set((await keystoreOf(context.engine)).accounts())
    return context.engine.pool
      .pending()
      .filter((p) => own.has(p.sender))
      .map((p) =>
        toTransactionDto(
          transactionView(p.tx, p.sender, { blockHash: ZERO_HASH, blockNumber: null, index: null }),
        ),
      )
  },
})
