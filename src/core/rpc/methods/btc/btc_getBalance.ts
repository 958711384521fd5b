/** Handler for `btc_getBalance`: an address's confirmed and unconfirmed satoshis and its outputs. */
import { MEMPOOL_HEIGHT } from '../../../bitcoin/chain/types.js'
import { btcHex, latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { btcAddressScript } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'

export const btc_getBalance = defineMethod({
  name: 'btc_getBalance',
  params: [string('address')],
  handler: (context, [address]) => {
    const script = btcAddressScript(context.network, address, 'argument 0')
    const chain = latestBitcoinChain(context)
    const best = chain.bestHeight()
    const utxos = chain.utxosOf(script, { mempool: true })
    let confirmed = 0n
    let unconfirmed = 0n
    for (const u of utxos) {
      if (u.height === MEMPOOL_HEIGHT) unconfirmed += u.value
      else confirmed += u.value
    }
    return {
      address,
      confirmed: confirmed.toString(),
      unconfirmed: unconfirmed.toString(),
      utxos: utxos.map((u) => ({
        txid: btcHex(u.txid),
        vout: u.index,
        value: u.value.toString(),
        height: u.height === MEMPOOL_HEIGHT ? null : u.height,
        confirmations: u.height === MEMPOOL_HEIGHT ? 0 : best - u.height + 1,
      })),
    }
  },
})
