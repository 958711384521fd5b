/** Handler for `sco_peerList`: the scoring of each connected peer; a single simulated node has none. */
import { defineMethod } from '../../defineMethod.js'

export const sco_peerList = defineMethod({
  name: 'sco_peerList',
  params: [],
  handler: () => [],
})
