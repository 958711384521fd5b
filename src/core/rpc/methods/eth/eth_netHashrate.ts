/**
 * Handler for `eth_netHashrate`: the network's hashes per second over the last hour. RSKj returns
 * a Java `BigInteger`, so it is a JSON number, not a hex string. A single simulated node: 0.
 */
import { defineMethod } from '../../defineMethod.js'

export const eth_netHashrate = defineMethod({
  name: 'eth_netHashrate',
  params: [],
  handler: () => 0,
})
