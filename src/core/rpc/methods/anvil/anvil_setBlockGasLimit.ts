/**
 * Handler for `anvil_setBlockGasLimit` (`evm_setBlockGasLimit`): the gas limit of the next blocks,
 * applied at once rather than by RSKj's parent/1024 steps; `true` as Anvil answers.
 */
import { setBlockOverrides } from '../../../node/engine/blockOverrides.js'
import { defineMethod } from '../../defineMethod.js'
import { inRange, MAX_BLOCK_GAS_LIMIT, MIN_BLOCK_GAS_LIMIT } from '../../limits.js'
import { quantity } from '../../params.js'

export const anvil_setBlockGasLimit = defineMethod({
  name: 'anvil_setBlockGasLimit',
  params: [inRange(quantity('gasLimit'), MIN_BLOCK_GAS_LIMIT, MAX_BLOCK_GAS_LIMIT)],
  handler: async (context, [gasLimit]) => {
    await setBlockOverrides(context.engine, { gasLimit })
    return true
  },
})
