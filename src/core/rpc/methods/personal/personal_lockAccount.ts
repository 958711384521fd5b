/** Handler for `personal_lockAccount(address)`: true when the account was unlocked (RSKj `Wallet.lockAccount`). */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { address } from '../../params.js'

export const personal_lockAccount = defineMethod({
  name: 'personal_lockAccount',
  params: [address('address')],
  handler: async (context, [account]) => (await keystoreOf(context.engine)).lock(account),
})
