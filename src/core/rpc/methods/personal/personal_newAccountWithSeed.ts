/** Handler for `personal_newAccountWithSeed(seed)`: the account of key keccak256(seed), unlocked (RSKj). */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'

export const personal_newAccountWithSeed = defineMethod({
  name: 'personal_newAccountWithSeed',
  params: [string('seed')],
  handler: async (context, [seed]) => (await keystoreOf(context.engine)).newAccountWithSeed(seed),
})
