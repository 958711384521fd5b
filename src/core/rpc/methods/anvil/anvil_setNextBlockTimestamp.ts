/**
 * Handler for `anvil_setNextBlockTimestamp` (`evm_setNextBlockTimestamp`): pins the next block's
 * timestamp. It must be later than the latest block's, as RSKj's block validation requires
 * (-32602 otherwise). `null`.
 */

import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { inRange, MAX_TIMESTAMP } from '../../limits.js'
import { integerLike } from '../../params.js'

export const anvil_setNextBlockTimestamp = defineMethod({
  name: 'anvil_setNextBlockTimestamp',
  params: [inRange(integerLike('timestamp'), 0n, MAX_TIMESTAMP)],
  handler: (context, [timestamp]) => {
    const { engine } = context
    return engine.mutex.run(async () => {
      const latest = engine.head.header.timestamp
      if (timestamp <= latest)
        throw new InvalidParamsError(
          `timestamp ${timestamp} must be greater than the latest block's timestamp ${latest}`,
        )
      engine.time.setNextBlockTimestamp(timestamp)
      await engine.saveSettings()
      return null
    })
  },
})
