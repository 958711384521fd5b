/** Handler for `rsk_protocolVersion` (the spec's `ledger_protocolVersion`): same value as `eth_protocolVersion`. */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { RSK_PROTOCOL_VERSION } from '../eth/eth_protocolVersion.js'

export const rsk_protocolVersion = defineMethod({
  name: 'rsk_protocolVersion',
  params: [],
  handler: () => toQuantity(RSK_PROTOCOL_VERSION),
})
