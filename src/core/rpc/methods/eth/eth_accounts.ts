/**
 * Handler for `eth_accounts`. In the `rpc-api` profile the service stores no keys, so `[]`; in the
 * `rskj` profile the node's own accounts (RSKj regtest: the cow accounts first).
 */
import { defineMethod } from '../../defineMethod.js'

export const eth_accounts = defineMethod({
  name: 'eth_accounts',
  params: [],
  handler: async (context) =>
    context.profile.ethAccounts === 'empty' ? [] : [...(await context.accounts())],
})
