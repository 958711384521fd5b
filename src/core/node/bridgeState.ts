/**
 * The simulated state of the Rootstock Bridge (0x…01000006): one source for `eth_bridgeState`
 * and the Bridge precompile's read methods, so both tell a dApp the same story.
 *
 * There is no Bitcoin network behind the node. The Bridge's Bitcoin light client is modelled as
 * starting at a fixed height per network and gaining one Bitcoin block per 20 Rootstock blocks
 * (10-minute Bitcoin blocks against ~30-second Rootstock blocks), so heights move as the chain
 * grows and are the same for everyone reading the same block. No peg-out is ever waiting for
 * federation signatures: no peg-in or peg-out can happen here.
 */
import type { NetworkConfig, NetworkName } from '../network/networks.js'
import { bytesToUnprefixedHex } from '../util/hex.js'

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

/** One Bitcoin block (10 min) per 20 Rootstock blocks (~30 s). */
export const RSK_BLOCKS_PER_BTC_BLOCK = 20n

interface NetworkBridgeDefaults {
  initialBtcHeight: number
  minimumPeginValueSatoshis: bigint
  lockingCapSatoshis: bigint
  federationSize: number
}

// Orders of magnitude of the real networks: Bitcoin mainnet / testnet heights around the
// Bridge's checkpoints, Rootstock's 0.005 BTC minimum peg-in and its locking caps.
const DEFAULTS: Readonly<Record<NetworkName, NetworkBridgeDefaults>> = {
  mainnet: {
    initialBtcHeight: 838_000,
    minimumPeginValueSatoshis: 500_000n,
    lockingCapSatoshis: 200_000_000_000n,
    federationSize: 9,
  },
  testnet: {
    initialBtcHeight: 2_580_000,
    minimumPeginValueSatoshis: 500_000n,
    lockingCapSatoshis: 200_000_000_000n,
    federationSize: 5,
  },
  regtest: {
    initialBtcHeight: 0,
    minimumPeginValueSatoshis: 500_000n,
    lockingCapSatoshis: 100_000_000_000n,
    federationSize: 3,
  },
}

/** The Bridge's state as of Rootstock block `rskBlockNumber` on `network`. */
export function bridgeStateAt(network: Pick<NetworkConfig, 'name'>, rskBlockNumber: bigint): BridgeState {
  const d = DEFAULTS[network.name]
  return {
    btcBlockchainBestChainHeight: d.initialBtcHeight + Number(rskBlockNumber / RSK_BLOCKS_PER_BTC_BLOCK),
    btcBlockchainInitialBlockHeight: d.initialBtcHeight,
    rskTxsWaitingForSignatures: [],
    minimumPeginValueSatoshis: d.minimumPeginValueSatoshis,
    lockingCapSatoshis: d.lockingCapSatoshis,
    federationSize: d.federationSize,
    federationThreshold: Math.floor(d.federationSize / 2) + 1,
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
