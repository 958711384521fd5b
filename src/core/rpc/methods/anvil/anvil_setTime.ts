/**
 * Handler for `anvil_setTime` (`evm_setTime`): moves the node clock so that now is `timestamp`
 * (seconds, at most 2^53 − 1); later blocks follow it, never going below their parent + 1.
 * Answers how many seconds the new time is from the wall clock (either way), as a QUANTITY.
 */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { inRange, MAX_TIMESTAMP } from '../../limits.js'
import { integerLike } from '../../params.js'

export const anvil_setTime = defineMethod({
  name: 'anvil_setTime',
  params: [inRange(integerLike('timestamp'), 0n, MAX_TIMESTAMP)],
  handler: (context, [timestamp]) => {
    const { engine } = context
    return engine.mutex.run(async () => {
      engine.time.setTime(timestamp)
      await engine.saveSettings()
      const offset = engine.time.state.offsetSeconds
      return toQuantity(offset < 0n ? -offset : offset)
    })
  },
})
