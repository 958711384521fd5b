/** Handler for `anvil_setNonce` (`hardhat_setNonce`): sets an account's nonce in the latest state; `null`. */
import { editAccount } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { address, quantity } from '../../params.js'

export const anvil_setNonce = defineMethod({
  name: 'anvil_setNonce',
  params: [address('address'), quantity('nonce')],
  handler: async (context, [account, nonce]) => {
    await editAccount(context.engine, account, { nonce })
    return null
  },
})
