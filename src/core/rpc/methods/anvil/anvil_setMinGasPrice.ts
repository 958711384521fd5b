/**
 * Handler for `anvil_setMinGasPrice` (`hardhat_setMinGasPrice`): the `minimumGasPrice` of the next
 * blocks (RSK's fee floor; the pool checks transactions against the head's). `null`.
 */
import { setBlockOverrides } from '../../../node/engine/blockOverrides.js'
import { defineMethod } from '../../defineMethod.js'
import { inRange, MAX_MIN_GAS_PRICE } from '../../limits.js'
import { quantity } from '../../params.js'

export const anvil_setMinGasPrice = defineMethod({
  name: 'anvil_setMinGasPrice',
  params: [inRange(quantity('minGasPrice'), 0n, MAX_MIN_GAS_PRICE)],
  handler: async (context, [minimumGasPrice]) => {
    await setBlockOverrides(context.engine, { minimumGasPrice })
    return null
  },
})
