/** Handler for `eth_chainId`: `0x1e` mainnet, `0x1f` testnet, `0x21` regtest. */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const eth_chainId = defineMethod({
  name: 'eth_chainId',
  params: [],
  handler: (context) => toQuantity(context.network.chainId),
})
