/**
 * Handler for `eth_hashrate`: RSKj's own hashes per second over the last hour, a QUANTITY. This
 * node seals blocks without grinding, so it is `0x0`.
 */
import { defineMethod } from '../../defineMethod.js'

export const eth_hashrate = defineMethod({
  name: 'eth_hashrate',
  params: [],
  handler: () => '0x0',
})
