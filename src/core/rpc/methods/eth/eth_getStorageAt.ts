/** Handler for `eth_getStorageAt`: a 32-byte storage word at a BLOCK_EXT (zero for unset keys). */
import { accountViewAt } from '../../../node/engine/stateQueries.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toWord } from '../../encode.js'
import { address, optional, quantity } from '../../params.js'

export const eth_getStorageAt = defineMethod({
  name: 'eth_getStorageAt',
  params: [address('address'), quantity('position'), optional(blockExt('block'))],
  handler: async (context, [account, position, block]) => {
    const view = await accountViewAt(context.engine, block ?? { kind: 'tag', tag: 'latest' })
    return toWord(await view.storage(account, position))
  },
})
