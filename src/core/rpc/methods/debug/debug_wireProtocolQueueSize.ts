/** Handler for `debug_wireProtocolQueueSize`: messages waiting in the peer wire queue; no peers, so `0x0`. */
import { defineMethod } from '../../defineMethod.js'

export const debug_wireProtocolQueueSize = defineMethod({
  name: 'debug_wireProtocolQueueSize',
  params: [],
  handler: () => '0x0',
})
