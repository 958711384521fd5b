/**
 * Handler for `eth_accounts`. In the `rpc-api` profile the service stores no keys, so `[]`; in the
 * `rskj` profile the node's own accounts as RSKj lists them (cow accounts first, then the other
 * dev accounts and those created over `personal_*`), followed by any account the host adds.
 */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_accounts = defineMethod({
  name: 'eth_accounts',
  params: [],
  handler: async (context) => {
    if (context.profile.ethAccounts === 'empty') return []
    const own = (await keystoreOf(context.engine)).accounts()
    const seen = new Set(own)
    return [...own, ...(await context.accounts()).filter((a) => !seen.has(a))]
  },
})
