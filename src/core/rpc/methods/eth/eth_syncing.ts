/** Handler for `eth_syncing`: a simulated node has nothing to sync from. */
import { defineMethod } from '../../defineMethod.js'

export const eth_syncing = defineMethod({
  name: 'eth_syncing',
  params: [],
  handler: () => false,
})
