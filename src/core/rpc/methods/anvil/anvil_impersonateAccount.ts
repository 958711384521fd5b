/**
 * Handler for `anvil_impersonateAccount` (`hardhat_impersonateAccount`): `eth_sendTransaction`
 * then accepts transactions from this address without its key; `null`.
 */
import { setImpersonated } from '../../../node/engine/impersonation.js'
import { defineMethod } from '../../defineMethod.js'
import { address } from '../../params.js'

export const anvil_impersonateAccount = defineMethod({
  name: 'anvil_impersonateAccount',
  params: [address('address')],
  handler: async (context, [account]) => {
    await setImpersonated(context.engine, account, true)
    return null
  },
})
