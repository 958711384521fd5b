/** What every Bridge method needs: the network, its constants, the storage and the federation. */
import type { PrecompileContext } from '../../../evm/types.js'
import type { NetworkName } from '../../../network/networks.js'
import { type BridgeConstants, bridgeConstants } from './constants.js'
import { type BridgeFederation, bridgeFederation } from './federation.js'
import { bridgeStorage } from './genesis.js'
import type { BridgeStorage } from './storage.js'

export interface BridgeEnv {
  network: NetworkName
  constants: BridgeConstants
  storage(ctx: Pick<PrecompileContext, 'state' | 'write'>): BridgeStorage
  federation(): BridgeFederation
}

export function bridgeEnv(network: NetworkName): BridgeEnv {
  return {
    network,
    constants: bridgeConstants(network),
    storage: (ctx) => bridgeStorage(ctx, network),
    federation: () => bridgeFederation(network),
  }
}
