/**
 * Where the Bridge's state starts: the simulated Bitcoin chain's genesis is the light client's
 * initial block, and its outputs to the federation are the federation's first UTXOs.
 */
import { bitcoinGenesis } from '../../../bitcoin/chain/genesis.js'
import type { PrecompileContext, StateReader } from '../../../evm/types.js'
import { encodeBitcoinHeader } from '../../../mining/bitcoin/header.js'
import type { NetworkName } from '../../../network/networks.js'
import { BRIDGE_STORAGE_ADDRESS, type BridgeGenesis, BridgeStorage, bridgeStorageOf } from './storage.js'

const cache = new Map<NetworkName, BridgeGenesis>()

export function bridgeGenesis(network: NetworkName): BridgeGenesis {
  let genesis = cache.get(network)
  if (!genesis) {
    const btc = bitcoinGenesis(network)
    genesis = {
      header: encodeBitcoinHeader(btc.block.header),
      hash: btc.hash,
      height: btc.height,
      federationUtxos: btc.federationUtxos,
    }
    cache.set(network, genesis)
  }
  return genesis
}

/** The Bridge's storage in a native call (read-only in a static call). */
export function bridgeStorage(
  ctx: Pick<PrecompileContext, 'state' | 'write'>,
  network: NetworkName,
): BridgeStorage {
  return bridgeStorageOf(ctx, network, () => bridgeGenesis(network))
}

/** The Bridge's storage in a world state, read-only (eth_bridgeState, the federation service). */
export function bridgeStorageIn(state: StateReader, network: NetworkName): BridgeStorage {
  const reader = { getStorage: (slot: bigint) => state.getStorage(BRIDGE_STORAGE_ADDRESS, slot) }
  return new BridgeStorage(network, reader, undefined, () => bridgeGenesis(network))
}
