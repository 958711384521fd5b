/**
 * Handler for `anvil_mine` (`hardhat_mine`): mines `blocks` blocks (default 1, at most
 * `MAX_MINE_BLOCKS`). With `intervalSeconds`, each block after the first is stamped that many
 * seconds after the previous one (the first gets the normal next timestamp), as Anvil and Hardhat
 * do; `null`.
 *
 * The blocks are mined in batches (emptyBlockRun.ts), each under the engine's mutex on its own,
 * with a pause for the host between batches: other requests are answered while a long run is
 * mined, and nothing of the run is kept but the chain itself. A sender that stops waiting (an HTTP
 * client that disconnects) stops the run after the batch being mined.
 */

import { EMPTY_RUN_BATCH } from '../../../node/engine/emptyBlockRun.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { inRange, MAX_MINE_BLOCKS, MAX_TIMESTAMP } from '../../limits.js'
import { integerLike, optional } from '../../params.js'

export const anvil_mine = defineMethod({
  name: 'anvil_mine',
  params: [
    optional(inRange(integerLike('blocks'), 0n, MAX_MINE_BLOCKS)),
    optional(inRange(integerLike('intervalSeconds'), 0n, MAX_TIMESTAMP)),
  ],
  handler: async (context, [blocks = 1n, interval]) => {
    const { engine } = context
    const count = Number(blocks)
    if (interval !== undefined) {
      const last = engine.head.header.timestamp + 1n + interval * (blocks - 1n)
      if (last > MAX_TIMESTAMP)
        throw new InvalidParamsError(
          `invalid argument 1: intervalSeconds × blocks would stamp a block after ${MAX_TIMESTAMP}`,
        )
    }
    let first = true
    // Every block after the run's first is stamped `interval` after its parent.
    const beforeBlock =
      interval === undefined
        ? undefined
        : (parent: { header: { timestamp: bigint } }) => {
            if (!first) engine.time.setNextBlockTimestamp(parent.header.timestamp + interval)
            first = false
          }
    for (let done = 0; done < count; ) {
      const n = Math.min(EMPTY_RUN_BATCH, count - done)
      await engine.mutex.run(() => engine.mineRun(n, beforeBlock))
      done += n
      if (done < count) await context.yieldToHost()
      // Its sender stopped waiting: the blocks mined so far stay, the rest are not mined.
      if (context.signal?.aborted) break
    }
    return null
  },
})
