/** Handler for `anvil_stopImpersonatingAccount` (`hardhat_stopImpersonatingAccount`); `null`. */
import { setImpersonated } from '../../../node/engine/impersonation.js'
import { defineMethod } from '../../defineMethod.js'
import { address } from '../../params.js'

export const anvil_stopImpersonatingAccount = defineMethod({
  name: 'anvil_stopImpersonatingAccount',
  params: [address('address')],
  handler: async (context, [account]) => {
    await setImpersonated(context.engine, account, false)
    return null
  },
})
