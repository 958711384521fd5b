/**
 * Handler for `eth_getUncleByBlockNumberAndIndex`: `null`, since this node mines no uncles (see
 * eth_getUncleByBlockHashAndIndex). Parameters are still checked, so malformed input is -32602.
 */
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getUncleByBlockNumberAndIndex = defineMethod({
  name: 'eth_getUncleByBlockNumberAndIndex',
  params: [block('block'), hexIndex('index')],
  handler: async () => null,
})
