/** Handler for `eth_getCode`: contract code at a BLOCK_EXT (`0x` for none). */
import { accountViewAt } from '../../../node/engine/stateQueries.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { address, optional } from '../../params.js'

export const eth_getCode = defineMethod({
  name: 'eth_getCode',
  params: [address('address'), optional(blockExt('block'))],
  handler: async (context, [account, block]) => {
    const view = await accountViewAt(context.engine, block ?? { kind: 'tag', tag: 'latest' })
    return toData(await view.code(account))
  },
})
