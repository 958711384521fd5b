/**
 * The real node behind the server: core's `createNode` over the network's LevelDB store.
 */

import type { ForkOptions } from '../../core/fork/openFork.js'
import type { NetworkName } from '../../core/network/networks.js'
import type { ProfileName } from '../../core/network/profiles.js'
import { createNode } from '../../core/node/createNode.js'
import type { NodeFactory } from './nodeHost.js'

const platform = {
  os: process.platform,
  runtime: `node-${process.versions.node.split('.').slice(0, 2).join('.')}`,
}

/** Upstreams to fork, by network (`serve --fork testnet=URL@block`). */
export type ForkByNetwork = Partial<Record<NetworkName, ForkOptions>>

export function coreNodeFactory(profile?: ProfileName, forks: ForkByNetwork = {}): NodeFactory {
  return ({ network, storage }) => {
    const fork = forks[network]
    return createNode({
      network,
      storage,
      platform,
      ...(profile ? { profile } : {}),
      ...(fork ? { fork } : {}),
    })
  }
}
