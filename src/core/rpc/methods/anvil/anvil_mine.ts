/**
 * Handler for `anvil_mine` (`hardhat_mine`): mines `blocks` blocks (default 1, at most
 * `MAX_MINE_BLOCKS`). With `intervalSeconds`, each block after the first is stamped that many
 * seconds after the previous one (the first gets the normal next timestamp), as Anvil and Hardhat
 * do; `null`.
 *
 * The blocks are mined a few at a time, each chunk under the engine's mutex on its own, with a
 * pause for the host between chunks: other requests are answered while a long run is mined, and
 * nothing of the run is kept but the chain itself.
 */
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { inRange, MAX_MINE_BLOCKS, MAX_TIMESTAMP } from '../../limits.js'
import { integerLike, optional } from '../../params.js'

/** Blocks per mutex hold: ~10 ms of mining, short enough for the requests queued behind it. */
const CHUNK = 16

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
    for (let done = 0; done < count; ) {
      const n = Math.min(CHUNK, count - done)
      if (interval === undefined) await engine.mine(n)
      else
        await engine.mutex.run(async () => {
          for (let i = 0; i < n; i++) {
            if (done + i > 0) engine.time.setNextBlockTimestamp(engine.head.header.timestamp + interval)
            await engine.mineBlocks(1)
          }
        })
      done += n
      if (done < count) await context.yieldToHost()
    }
    return null
  },
})
