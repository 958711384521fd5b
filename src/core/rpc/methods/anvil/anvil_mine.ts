/**
 * Handler for `anvil_mine` (`hardhat_mine`): mines `blocks` blocks (default 1) at once. With
 * `intervalSeconds`, each block after the first is stamped that many seconds after the previous
 * one (the first gets the normal next timestamp), as Anvil and Hardhat do; `null`.
 */
import { defineMethod } from '../../defineMethod.js'
import { integerLike, optional } from '../../params.js'

export const anvil_mine = defineMethod({
  name: 'anvil_mine',
  params: [optional(integerLike('blocks')), optional(integerLike('intervalSeconds'))],
  handler: async (context, [blocks = 1n, interval]) => {
    const { engine } = context
    if (interval === undefined) {
      await engine.mine(Number(blocks))
      return null
    }
    for (let i = 0n; i < blocks; i++) {
      const timestamp = i === 0n ? undefined : engine.head.header.timestamp + interval
      await engine.mine(1, timestamp)
    }
    return null
  },
})
