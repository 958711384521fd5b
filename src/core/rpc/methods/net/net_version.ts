/** Handler for `net_version`: the chain id in decimal (`"30"`, `"31"`, `"33"`). */
import { defineMethod } from '../../defineMethod.js'

export const net_version = defineMethod({
  name: 'net_version',
  params: [],
  handler: (context) => String(context.network.chainId),
})
