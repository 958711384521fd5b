/**
 * Handler for `anvil_setBlockGasLimit` (`evm_setBlockGasLimit`): the gas limit of the next blocks,
 * applied at once rather than by RSKj's parent/1024 steps; `true` as Anvil answers.
 */
import { setBlockOverrides } from '../../../node/engine/blockOverrides.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { quantity } from '../../params.js'

export const anvil_setBlockGasLimit = defineMethod({
  name: 'anvil_setBlockGasLimit',
  params: [quantity('gasLimit')],
  handler: async (context, [gasLimit]) => {
    if (gasLimit === 0n) throw new InvalidParamsError('gas limit must be greater than 0')
    await setBlockOverrides(context.engine, { gasLimit })
    return true
  },
})
