/**
 * Handler for `anvil_setIntervalMining`: a block every `seconds` seconds, as Anvil counts them;
 * 0 turns interval mining off (manual mining). `null`. Hardhat's `evm_setIntervalMining` counts
 * milliseconds and has a file of its own.
 *
 * The node core has no timers (it runs unchanged in a service worker, a page and Node), so blocks
 * are owed, not scheduled: on each request the node first mines the blocks due since the last one,
 * each stamped at its due time on the node clock. A host with timers (the extension's worker)
 * schedules a wake-up at `engine.nextIntervalBlockAt()` and calls `engine.tick()`.
 */

import { MAX_INTERVAL_MS } from '../../../node/engine/settings.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { integerLike } from '../../params.js'

const MAX_SECONDS = BigInt(Math.floor(MAX_INTERVAL_MS / 1000))

export const anvil_setIntervalMining = defineMethod({
  name: 'anvil_setIntervalMining',
  params: [integerLike('seconds')],
  handler: async (context, [seconds]) => {
    if (seconds > MAX_SECONDS)
      throw new InvalidParamsError(
        `invalid argument 0: seconds must be at most ${MAX_SECONDS}, got ${seconds}`,
      )
    const ms = Number(seconds) * 1000
    await context.engine.setMiningMode(
      seconds === 0n ? { type: 'manual' } : { type: 'interval', minMs: ms, maxMs: ms },
    )
    return null
  },
})
