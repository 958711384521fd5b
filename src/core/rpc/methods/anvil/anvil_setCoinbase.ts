/** Handler for `anvil_setCoinbase` (`hardhat_setCoinbase`): the `miner` of the next blocks; `null`. */
import { setBlockOverrides } from '../../../node/engine/blockOverrides.js'
import { defineMethod } from '../../defineMethod.js'
import { address } from '../../params.js'

export const anvil_setCoinbase = defineMethod({
  name: 'anvil_setCoinbase',
  params: [address('address')],
  handler: async (context, [coinbase]) => {
    await setBlockOverrides(context.engine, { coinbase })
    return null
  },
})
