/** Handler for `personal_listAccounts`: every node account, cow accounts first (RSKj's wallet order). */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'

export const personal_listAccounts = defineMethod({
  name: 'personal_listAccounts',
  params: [],
  handler: async (context) => (await keystoreOf(context.engine)).accounts(),
})
