/** Handler for `anvil_setCode` (`hardhat_setCode`): replaces an account's code in the latest state; `null`. */
import { editAccount } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { address, data } from '../../params.js'

export const anvil_setCode = defineMethod({
  name: 'anvil_setCode',
  params: [address('address'), data('code')],
  handler: async (context, [account, code]) => {
    await editAccount(context.engine, account, { code })
    return null
  },
})
