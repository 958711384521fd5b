/**
 * The real node behind the server: core's `createNode` over the network's LevelDB store.
 */

import { createNode } from '../../core/createNode.js'
import type { ForkOptions } from '../../core/fork/openFork.js'
import type { NetworkName } from '../../core/network/networks.js'
import type { ProfileName } from '../../core/network/profiles.js'
import type { ClientVersionStyle } from '../../core/rpc/clientVersion.js'
import type { NodeFactory } from './nodeHost.js'

const platform = {
  os: process.platform,
  runtime: `node-${process.versions.node.split('.').slice(0, 2).join('.')}`,
}

/** Upstreams to fork, by network (`serve --fork testnet=URL@block`). */
export type ForkByNetwork = Partial<Record<NetworkName, ForkOptions>>

/** How the server's nodes differ from the defaults (`--profile`, `--client-version`, `--omit-remasc`, `--fork`). */
export interface NodeOptions {
  profile?: ProfileName
  clientVersion?: ClientVersionStyle
  omitRemascTransaction?: boolean
  forks?: ForkByNetwork
}

/** Lets the event loop read sockets between chunks of a long run (anvil_mine of many blocks). */
const yieldToHost = () => new Promise<void>((resolve) => setImmediate(resolve))

export function coreNodeFactory(options: ProfileName | NodeOptions = {}): NodeFactory {
  const {
    profile,
    clientVersion,
    omitRemascTransaction,
    forks = {},
  } = typeof options === 'string' ? ({ profile: options } as NodeOptions) : options
  return ({ network, storage }) => {
    const fork = forks[network]
    return createNode({
      network,
      storage,
      platform,
      yieldToHost,
      ...(profile ? { profile } : {}),
      ...(clientVersion ? { clientVersion } : {}),
      ...(omitRemascTransaction ? { omitRemascTransaction } : {}),
      ...(fork ? { fork } : {}),
    })
  }
}
