/**
 * Handler for `personal_sign(message, address)`: the signature of
 * keccak256("\x19Ethereum Signed Message:\n" + len + message) by one of the node's unlocked
 * accounts (EIP-191), as `eth_sign` with its parameters the other way round. Refused in the
 * `rpc-api` profile, which holds no keys.
 */

import { defineMethod } from '../../defineMethod.js'
import { address, data } from '../../params.js'
import { personalMessageHash } from '../eth/eth_sign.js'
import { signWithNodeAccount } from '../nodeSigning.js'

export const personal_sign = defineMethod({
  name: 'personal_sign',
  params: [data('message'), address('address')],
  handler: (context, [message, signer]) =>
    signWithNodeAccount(context, 'personal_sign', signer, personalMessageHash(message)),
})
