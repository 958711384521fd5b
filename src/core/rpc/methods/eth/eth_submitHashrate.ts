/**
 * Handler for `eth_submitHashrate(hashrate, clientId)`: accepted and acknowledged with `true`
 * (geth's answer); external miners' rates do not feed `eth_hashrate`, which reports the node's own.
 */
import { defineMethod } from '../../defineMethod.js'
import { hash } from '../../params.js'

export const eth_submitHashrate = defineMethod({
  name: 'eth_submitHashrate',
  params: [hash('hashrate', 'hashrate'), hash('clientId', 'client id')],
  handler: () => true,
})
