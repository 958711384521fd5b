/**
 * A Hardhat plugin that answers the `inprocess` network's requests from an RSK Devnode running in
 * the test process itself (`createNode` over a memory store): no HTTP, no server. Every other
 * network goes on to Hardhat's own handling.
 */
import { definePlugin } from 'hardhat/plugins'

export default definePlugin({
  id: 'rsk-devnode-in-process',
  hookHandlers: { network: () => import('./inProcessHooks.js') },
})
