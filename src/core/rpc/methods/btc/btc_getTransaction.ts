/**
 * Handler for `btc_getTransaction`: a Bitcoin transaction (mined or in the mempool) as
 * `getrawtransaction` verbose shows it, with `inMempool`; null when unknown.
 */

import { hexToBytes } from '../../../util/hex.js'
import { rawTransactionJson } from '../../bitcoind/views.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { describeValue, string } from '../../params.js'

export const btc_getTransaction = defineMethod({
  name: 'btc_getTransaction',
  params: [string('txid')],
  handler: (context, [txid]) => {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid))
      throw new InvalidParamsError(
        `invalid argument 0: expected a txid (64 hex digits), got ${describeValue(txid)}`,
      )
    const chain = latestBitcoinChain(context)
    const info = chain.transaction(hexToBytes(txid.startsWith('0x') ? txid : `0x${txid}`))
    if (!info) return null
    const json = rawTransactionJson(chain, info.tx, { blockHash: info.blockHash, height: info.height })
    return { ...json, confirmations: json.confirmations ?? 0, inMempool: info.blockHash === undefined }
  },
})
