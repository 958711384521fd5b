/** Handler for `anvil_getAutomine` (`hardhat_getAutomine`): whether each transaction is mined at once. */
import { defineMethod } from '../../defineMethod.js'

export const anvil_getAutomine = defineMethod({
  name: 'anvil_getAutomine',
  params: [],
  handler: (context) => context.engine.settings.mining.type === 'auto',
})
