/** Handler for `eth_blockNumber`: the number of the most recent block. */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const eth_blockNumber = defineMethod({
  name: 'eth_blockNumber',
  params: [],
  handler: (context) => toQuantity(context.engine.head.header.number),
})
