/**
 * Handler for `anvil_setTime` (`evm_setTime`): moves the node clock so that now is `timestamp`
 * (seconds); later blocks follow it, never going below their parent + 1. Answers the new offset
 * from the wall clock in seconds, as a JSON number.
 */
import { defineMethod } from '../../defineMethod.js'
import { integerLike } from '../../params.js'

export const anvil_setTime = defineMethod({
  name: 'anvil_setTime',
  params: [integerLike('timestamp')],
  handler: (context, [timestamp]) => {
    const { engine } = context
    return engine.mutex.run(async () => {
      engine.time.setTime(timestamp)
      await engine.saveSettings()
      return Number(engine.time.state.offsetSeconds)
    })
  },
})
