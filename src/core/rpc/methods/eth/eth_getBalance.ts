/** Handler for `eth_getBalance`: the native RBTC balance in wei at a BLOCK_EXT (default `latest`). */
import { accountViewAt } from '../../../node/engine/stateQueries.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { address, optional } from '../../params.js'

export const eth_getBalance = defineMethod({
  name: 'eth_getBalance',
  params: [address('address'), optional(blockExt('block'))],
  handler: async (context, [account, block]) => {
    const view = await accountViewAt(context.engine, block ?? { kind: 'tag', tag: 'latest' })
    return toQuantity(await view.balance(account))
  },
})
