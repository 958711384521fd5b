/** Handler for `btc_sendRawTransaction`: validates a raw Bitcoin transaction into the mempool; its txid. */
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { defineMethod } from '../../defineMethod.js'
import { data } from '../../params.js'
import { btcHex } from './bitcoinOfNode.js'

export const btc_sendRawTransaction = defineMethod({
  name: 'btc_sendRawTransaction',
  params: [data('transaction')],
  handler: async (context, [raw]) =>
    btcHex(await editBitcoinChain(context.engine, (chain) => chain.submit(raw))),
})
