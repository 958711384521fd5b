/** Handler for `anvil_setBalance` (`hardhat_setBalance`): sets a balance in the latest state without a block; `null`. */
import { editAccount } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { address, quantity } from '../../params.js'

export const anvil_setBalance = defineMethod({
  name: 'anvil_setBalance',
  params: [address('address'), quantity('balance')],
  handler: async (context, [account, balance]) => {
    await editAccount(context.engine, account, { balance })
    return null
  },
})
