/**
 * The real node behind the server: core's `createNode` over the network's LevelDB store.
 */

import type { ProfileName } from '../../core/network/profiles.js'
import { createNode } from '../../core/node/createNode.js'
import type { ClientVersionStyle } from '../../core/rpc/clientVersion.js'
import type { NodeFactory } from './nodeHost.js'

const platform = {
  os: process.platform,
  runtime: `node-${process.versions.node.split('.').slice(0, 2).join('.')}`,
}

/** How the server's nodes differ from the defaults (the CLI's `--profile`, `--client-version`, `--omit-remasc`). */
export interface NodeOptions {
  profile?: ProfileName
  clientVersion?: ClientVersionStyle
  omitRemascTransaction?: boolean
}

/** Lets the event loop read sockets between chunks of a long run (anvil_mine of many blocks). */
const yieldToHost = () => new Promise<void>((resolve) => setImmediate(resolve))

export function coreNodeFactory(options: ProfileName | NodeOptions = {}): NodeFactory {
  const { profile, clientVersion, omitRemascTransaction } =
    typeof options === 'string' ? { profile: options } : options
  return ({ network, storage }) =>
    createNode({
      network,
      storage,
      platform,
      yieldToHost,
      ...(profile ? { profile } : {}),
      ...(clientVersion ? { clientVersion } : {}),
      ...(omitRemascTransaction ? { omitRemascTransaction } : {}),
    })
}
