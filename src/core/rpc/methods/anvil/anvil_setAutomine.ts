/**
 * Handler for `anvil_setAutomine` (`evm_setAutomine`): on = a block per transaction; off = manual
 * mining (transactions wait in the pool for `anvil_mine` / `evm_mine`). Turning it on mines what
 * was waiting. `null`.
 */
import { defineMethod } from '../../defineMethod.js'
import { boolean } from '../../params.js'

export const anvil_setAutomine = defineMethod({
  name: 'anvil_setAutomine',
  params: [boolean('enabled')],
  handler: async (context, [enabled]) => {
    await context.engine.setMiningMode({ type: enabled ? 'auto' : 'manual' })
    return null
  },
})
