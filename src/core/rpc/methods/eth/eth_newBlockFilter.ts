/** Handler for `eth_newBlockFilter`: polling yields the hashes of new blocks. */
import { installFilter } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_newBlockFilter = defineMethod({
  name: 'eth_newBlockFilter',
  params: [],
  handler: async (context) => (await installFilter(context.engine, 'block', undefined)).id,
})
