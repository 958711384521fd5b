/** Handler for `personal_newAccount(passphrase)`: a new random key stored under the passphrase, unlocked for 30 minutes. */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'

export const personal_newAccount = defineMethod({
  name: 'personal_newAccount',
  params: [string('passphrase')],
  handler: async (context, [passphrase]) => (await keystoreOf(context.engine)).newAccount(passphrase),
})
