/**
 * Handler for `eth_getTransactionCount`: the account nonce at a BLOCK_EXT (default `latest`);
 * at `pending` it counts the sender's pending pool transactions too, as wallets expect.
 */
import { accountViewAt } from '../../../node/engine/stateQueries.js'
import { blockExt } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { address, optional } from '../../params.js'

export const eth_getTransactionCount = defineMethod({
  name: 'eth_getTransactionCount',
  params: [address('address'), optional(blockExt('block'))],
  handler: async (context, [account, block]) => {
    const view = await accountViewAt(context.engine, block ?? { kind: 'tag', tag: 'latest' })
    return toQuantity(await view.nonce(account))
  },
})
