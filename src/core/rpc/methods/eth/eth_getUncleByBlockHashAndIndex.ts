/**
 * Handler for `eth_getUncleByBlockHashAndIndex`. This node mines no uncles (every block's uncle
 * count is 0), so every index is past the block's uncle list: `null`, as RSKj answers then, and
 * `null` for an unknown block too.
 */
import { defineMethod } from '../../defineMethod.js'
import { hash } from '../../params.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getUncleByBlockHashAndIndex = defineMethod({
  name: 'eth_getUncleByBlockHashAndIndex',
  params: [hash('blockHash', 'block hash'), hexIndex('index')],
  handler: async () => null,
})
