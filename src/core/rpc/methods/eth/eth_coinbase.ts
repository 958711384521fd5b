/** Handler for `eth_coinbase`: the address block rewards go to (the coinbase of mined blocks). */
import { defineMethod } from '../../defineMethod.js'

export const eth_coinbase = defineMethod({
  name: 'eth_coinbase',
  params: [],
  handler: (context) => context.engine.network.genesisCoinbase,
})
