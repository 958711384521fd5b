/**
 * Handler for `anvil_setIntervalMining` (`evm_setIntervalMining`): a block every `seconds`
 * seconds; 0 turns interval mining off (manual mining). `null`.
 *
 * The node core has no timers (it runs unchanged in a service worker, a page and Node), so blocks
 * are owed, not scheduled: on each request the node first mines the blocks due since the last one,
 * each stamped at its slot `last + k·seconds` on the node clock. A quiet node mines nothing until
 * it is called again; hosts with timers may call `engine.tick()` on their own schedule.
 */
import { defineMethod } from '../../defineMethod.js'
import { integerLike } from '../../params.js'

export const anvil_setIntervalMining = defineMethod({
  name: 'anvil_setIntervalMining',
  params: [integerLike('seconds')],
  handler: async (context, [seconds]) => {
    await context.engine.setMiningMode(
      seconds === 0n ? { type: 'manual' } : { type: 'interval', seconds: Number(seconds) },
    )
    return null
  },
})
