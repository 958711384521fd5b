/** Handler for `anvil_autoImpersonateAccount`: while on, every sender is impersonated; `null`. */
import { setAutoImpersonate } from '../../../node/engine/impersonation.js'
import { defineMethod } from '../../defineMethod.js'
import { boolean } from '../../params.js'

export const anvil_autoImpersonateAccount = defineMethod({
  name: 'anvil_autoImpersonateAccount',
  params: [boolean('enabled')],
  handler: async (context, [enabled]) => {
    await setAutoImpersonate(context.engine, enabled)
    return null
  },
})
