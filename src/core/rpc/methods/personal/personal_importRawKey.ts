/** Handler for `personal_importRawKey(key, passphrase)`: stores the key under the passphrase; unlocked for 30 minutes. */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'
import { rawKey } from '../personalParams.js'

export const personal_importRawKey = defineMethod({
  name: 'personal_importRawKey',
  params: [rawKey('privateKey'), string('passphrase')],
  handler: async (context, [key, passphrase]) =>
    (await keystoreOf(context.engine)).importRawKey(key, passphrase),
})
