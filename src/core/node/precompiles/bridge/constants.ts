/**
 * The Bridge's constants per network (RSKj `BridgeRegTestConstants` and friends). The simulated
 * Bitcoin chain's genesis sits at `initialBtcHeight`, the light client's checkpoint. Mainnet's and
 * testnet's heights, minimums and locking caps are of the order of the real networks'.
 */
import type { NetworkName } from '../../../network/networks.js'

export interface BridgeConstants {
  /** Height of the light client's initial block (the simulated chain's genesis). */
  initialBtcHeight: number
  /** Smallest peg-in output to the federation the Bridge accepts, in satoshis. */
  minimumPeginValueSatoshis: bigint
  /** Most BTC the federation may hold (locking cap), in satoshis. */
  lockingCapSatoshis: bigint
  federationSize: number
  /** `btc2RskMinimumAcceptableConfirmations`. */
  btc2RskMinimumConfirmations: number
  /** `minSecondsBetweenCallsReceiveHeader`. */
  minSecondsBetweenReceiveHeader: bigint
  /** `maxDepthBlockchainAccepted` (receiveHeader). */
  maxDepthBlockchainAccepted: number
  /** BTC height from which peg-outs are recognized by their sighash (RSKIP379: 250 + 100 grace). */
  pegoutTxIndexHeight: number
  /** `btcHeightWhenBlockIndexActivates`: below it, blocks are found by height only near the tip. */
  blockIndexHeight: number
  /** `maxDepthToSearchBlocksBelowIndexActivation`. */
  maxDepthBelowBlockIndex: number
}

const COMMON = {
  minimumPeginValueSatoshis: 500_000n,
  btc2RskMinimumConfirmations: 3,
  minSecondsBetweenReceiveHeader: 300n,
  maxDepthBlockchainAccepted: 25,
} as const

const CONSTANTS: Readonly<Record<NetworkName, BridgeConstants>> = {
  mainnet: {
    ...COMMON,
    initialBtcHeight: 838_000,
    lockingCapSatoshis: 200_000_000_000n,
    federationSize: 9,
    btc2RskMinimumConfirmations: 100,
    pegoutTxIndexHeight: 837_589 + 4_320,
    blockIndexHeight: 696_022,
    maxDepthBelowBlockIndex: 4_320,
  },
  testnet: {
    ...COMMON,
    initialBtcHeight: 2_580_000,
    lockingCapSatoshis: 200_000_000_000n,
    federationSize: 5,
    btc2RskMinimumConfirmations: 10,
    pegoutTxIndexHeight: 2_589_553 + 1_440,
    blockIndexHeight: 2_039_594,
    maxDepthBelowBlockIndex: 4_320,
  },
  regtest: {
    ...COMMON,
    initialBtcHeight: 0,
    lockingCapSatoshis: 100_000_000_000n,
    federationSize: 3,
    pegoutTxIndexHeight: 250 + 100,
    blockIndexHeight: 10,
    maxDepthBelowBlockIndex: 5,
  },
}

export function bridgeConstants(network: NetworkName): BridgeConstants {
  return CONSTANTS[network]
}
