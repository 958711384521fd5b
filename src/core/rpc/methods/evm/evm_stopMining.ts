/** Handler for `evm_stopMining`: manual mining — transactions wait in the pool until a block is mined. */
import { defineMethod } from '../../defineMethod.js'

export const evm_stopMining = defineMethod({
  name: 'evm_stopMining',
  params: [],
  handler: async (context) => {
    await context.engine.setMiningMode({ type: 'manual' })
    return null
  },
})
