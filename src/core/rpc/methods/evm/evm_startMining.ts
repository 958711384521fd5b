/** Handler for `evm_startMining`: back to automine (one block per transaction); RSKj answers `null`. */
import { defineMethod } from '../../defineMethod.js'

export const evm_startMining = defineMethod({
  name: 'evm_startMining',
  params: [],
  handler: async (context) => {
    await context.engine.setMiningMode({ type: 'auto' })
    return null
  },
})
