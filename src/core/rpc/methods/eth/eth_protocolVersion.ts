/** Handler for `eth_protocolVersion`: RSKj's highest `rsk` capability version, 62 (reference §5.1). */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const RSK_PROTOCOL_VERSION = 62

export const eth_protocolVersion = defineMethod({
  name: 'eth_protocolVersion',
  params: [],
  handler: () => toQuantity(RSK_PROTOCOL_VERSION),
})
