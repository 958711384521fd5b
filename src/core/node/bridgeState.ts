/**
 * The state of the Rootstock Bridge (0x…01000006) as its storage holds it: one source for
 * `eth_bridgeState` and the Bridge's read methods, so both tell a dApp the same story. The light
 * client's best height is that of the last BTC header the federation fed it (the simulated
 * chain's genesis until then); peg-outs waiting for signatures are those the Bridge queued.
 */
import type { StateReader } from '../evm/types.js'
import type { NetworkConfig } from '../network/networks.js'
import { bytesToUnprefixedHex } from '../util/hex.js'
import { bridgeConstants } from './precompiles/bridge/constants.js'
import { bridgeFederation } from './precompiles/bridge/federation.js'
import { bridgeStorageIn } from './precompiles/bridge/genesis.js'
import { bestHeight } from './precompiles/bridge/lightClient.js'
import { readWaitingForSignatures } from './precompiles/bridge/pegoutStorage.js'

export interface BridgeState {
  /** Height of the best block of the Bridge's Bitcoin light client. */
  btcBlockchainBestChainHeight: number
  /** Height the light client started from (the Bridge's checkpoint). */
  btcBlockchainInitialBlockHeight: number
  /** Rootstock hashes of peg-out transactions waiting for federation signatures. */
  rskTxsWaitingForSignatures: readonly Uint8Array[]
  /** Smallest peg-in the Bridge accepts, in satoshis. */
  minimumPeginValueSatoshis: bigint
  /** Most BTC the Bridge holds (locking cap), in satoshis. */
  lockingCapSatoshis: bigint
  federationSize: number
  /** Signatures a peg-out needs. */
  federationThreshold: number
}

/** The Bridge's state in `state` (a block's world state) on `network`. */
export function bridgeStateAt(network: Pick<NetworkConfig, 'name'>, state: StateReader): BridgeState {
  const constants = bridgeConstants(network.name)
  const federation = bridgeFederation(network.name)
  const storage = bridgeStorageIn(state, network.name)
  return {
    btcBlockchainBestChainHeight: bestHeight(storage),
    btcBlockchainInitialBlockHeight: storage.genesis.height,
    rskTxsWaitingForSignatures: readWaitingForSignatures(storage).map((entry) => entry.rskTxHash),
    minimumPeginValueSatoshis: constants.minimumPeginValueSatoshis,
    lockingCapSatoshis: constants.lockingCapSatoshis,
    federationSize: federation.publicKeys.length,
    federationThreshold: federation.threshold,
  }
}

export interface BridgeStateJson {
  btcBlockchainBestChainHeight: number
  rskTxsWaitingForSignatures: string[]
}

/**
 * RSKj `BridgeState.stateToMap`: hashes as hex without `0x`, the height as a JSON number. The map
 * is a `java.util.HashMap` that Jackson writes in iteration order, which is bucket order:
 * "btcBlockchainBestChainHeight" hashes to bucket 1 and "rskTxsWaitingForSignatures" to bucket 6
 * of the default 16, so the height comes first on the wire whatever order the code puts them in.
 */
export function bridgeStateToJson(state: BridgeState): BridgeStateJson {
  return {
    btcBlockchainBestChainHeight: state.btcBlockchainBestChainHeight,
    rskTxsWaitingForSignatures: state.rskTxsWaitingForSignatures.map(bytesToUnprefixedHex),
  }
}
