/** Handler for `net_peerList`: no peers (RSKj lists `"<peerId> | <address>"` strings). */
import { defineMethod } from '../../defineMethod.js'

export const net_peerList = defineMethod({
  name: 'net_peerList',
  params: [],
  handler: () => [],
})
