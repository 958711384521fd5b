/** Handler for `btc_getInfo`: the simulated Bitcoin chain, the federation and the Bridge's light client. */

import { p2pkhAddress } from '../../../bitcoin/address.js'
import { compressedPublicKey, FAUCET_PRIVATE_KEY } from '../../../bitcoin/chain/genesis.js'
import { bitcoinMiningSettings, federationSettings } from '../../../node/bitcoin/bitcoinState.js'
import { btcHex, federationOfNode, latestBitcoinChain, lightClientOf } from '../../btc/bitcoinOfNode.js'
import { btcParamsOf } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'

export const btc_getInfo = defineMethod({
  name: 'btc_getInfo',
  params: [],
  handler: (context) => {
    const chain = latestBitcoinChain(context)
    const federation = federationOfNode(context)
    const utxos = chain.utxosOf(federation.scriptPubKey)
    return {
      chain: chain.params.name,
      blocks: chain.bestHeight(),
      bestBlockHash: btcHex(chain.bestHash()),
      mempoolSize: chain.mempool().length,
      federation: {
        address: federation.address,
        threshold: federation.threshold,
        publicKeys: federation.publicKeys.map(btcHex),
        balance: utxos.reduce((sum, u) => sum + u.value, 0n).toString(),
        utxos: utxos.map((u) => ({ txid: btcHex(u.txid), vout: u.index, value: u.value.toString() })),
      },
      lightClient: lightClientOf(context),
      faucet: {
        address: p2pkhAddress(compressedPublicKey(FAUCET_PRIVATE_KEY), btcParamsOf(context.network)),
      },
      autoRegisterPegins: federationSettings(context.engine.state).autoRegisterPegins,
      mining: { followRsk: bitcoinMiningSettings(context.engine.state).followRskEvery },
    }
  },
})
