/** Handler for `evm_reset`: a new chain from a new genesis (new genesis hash); RSKj answers `null`. */
import { resetChain } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'

export const evm_reset = defineMethod({
  name: 'evm_reset',
  params: [],
  handler: async (context) => {
    await resetChain(context.engine)
    return null
  },
})
