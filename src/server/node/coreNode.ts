/**
 * The real node behind the server: core's `createNode` over the network's LevelDB store.
 */

import type { ProfileName } from '../../core/network/profiles.js'
import { createNode } from '../../core/node/createNode.js'
import type { NodeFactory } from './nodeHost.js'

const platform = {
  os: process.platform,
  runtime: `node-${process.versions.node.split('.').slice(0, 2).join('.')}`,
}

/** Lets the event loop read sockets between chunks of a long run (anvil_mine of many blocks). */
const yieldToHost = () => new Promise<void>((resolve) => setImmediate(resolve))

export function coreNodeFactory(profile?: ProfileName): NodeFactory {
  return ({ network, storage }) =>
    createNode({ network, storage, platform, yieldToHost, ...(profile ? { profile } : {}) })
}
