/** Handler for `eth_mining`: true while blocks are produced by themselves (automine or interval), false in manual mode. */
import { defineMethod } from '../../defineMethod.js'

export const eth_mining = defineMethod({
  name: 'eth_mining',
  params: [],
  handler: (context) => context.engine.settings.mining.type !== 'manual',
})
