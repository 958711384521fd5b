/**
 * Handler for `personal_unlockAccount(address, passphrase, duration?)`: duration in milliseconds
 * as `0x` hex (default 30 minutes, `""` allowed). `false` for an unknown account or a wrong
 * passphrase (RSKj fails with -32603 on a wrong passphrase; a boolean is what clients test for).
 */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { address, optional, string } from '../../params.js'
import { durationMs } from '../personalParams.js'

export const personal_unlockAccount = defineMethod({
  name: 'personal_unlockAccount',
  params: [address('address'), string('passphrase'), optional(durationMs('durationMs'))],
  handler: async (context, [account, passphrase, ms]) =>
    (await keystoreOf(context.engine)).unlock(account, passphrase, ms),
})
