/** Handler for `net_listening`: the simulated node always accepts requests. */
import { defineMethod } from '../../defineMethod.js'

export const net_listening = defineMethod({
  name: 'net_listening',
  params: [],
  handler: () => true,
})
