/**
 * Handler for `evm_mine`: mines one block now (RSKj answers `null`). An optional timestamp, as
 * Ganache and Hardhat accept, sets the block's time.
 */
import { defineMethod } from '../../defineMethod.js'
import { inRange, MAX_TIMESTAMP } from '../../limits.js'
import { integerLike, optional } from '../../params.js'

export const evm_mine = defineMethod({
  name: 'evm_mine',
  params: [optional(inRange(integerLike('timestamp'), 0n, MAX_TIMESTAMP))],
  handler: async (context, [timestamp]) => {
    await context.engine.mine(1, timestamp)
    return null
  },
})
