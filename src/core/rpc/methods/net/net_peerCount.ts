/** Handler for `net_peerCount`: a simulated node is alone on its network. */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const net_peerCount = defineMethod({
  name: 'net_peerCount',
  params: [],
  handler: () => toQuantity(0),
})
