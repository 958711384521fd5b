/**
 * The three simulated Rootstock networks and their constants, modelled on RSKj's configs
 * (reference §6.1–6.2). Upgrades are taken as active from block 1 as they are on each live
 * network today, so a fresh simulated chain behaves like the current network, not like 2018.
 */
import type { Address } from '../util/hex.js'

export type NetworkName = 'mainnet' | 'testnet' | 'regtest'

export interface NetworkConfig {
  name: NetworkName
  chainId: number
  /** Block header version (RSKIP351/535): mainnet has not activated it, testnet and regtest have. */
  headerVersion: 0 | 1 | 2
  /** Genesis gas limit. */
  genesisGasLimit: bigint
  /** The gas limit blocks move toward, by at most parent/1024 per block. */
  targetGasLimit: bigint
  /** Minimum gas price of every block (wei); RSKj moves it by ≤1% a block toward the configured value. */
  minimumGasPrice: bigint
  /**
   * Block difficulty. Kept small on every network so that merged-mining proof of work is real
   * but instant; with RSK's 1/2048 bound divisor a difficulty this low never moves.
   */
  difficulty: bigint
  genesisTimestamp: bigint
  genesisExtraData: Uint8Array
  genesisCoinbase: Address
  /**
   * The coinbase of the blocks this node mines, which `eth_coinbase` answers (RSKj's
   * `MinerServer.getCoinbaseAddress`, from `miner.coinbase.secret`).
   */
  minerCoinbase: Address
  /** Fork detection data goes into hashForMergedMining from this height (RSKIP110). */
  forkDetectionFromBlock: bigint
  /** REMASC maturity in blocks (remasc.json). */
  remascMaturity: bigint
}

const horse = Uint8Array.of(0x68, 0x6f, 0x72, 0x73, 0x65)

export const NETWORKS: Readonly<Record<NetworkName, NetworkConfig>> = {
  mainnet: {
    name: 'mainnet',
    chainId: 30,
    headerVersion: 0,
    genesisGasLimit: 6_800_000n,
    targetGasLimit: 6_800_000n,
    // Rootstock mainnet blocks carry a minimum gas price of a few hundredths of a gwei.
    minimumGasPrice: 23_920_000n,
    difficulty: 16n,
    genesisTimestamp: 0n,
    genesisExtraData: horse,
    genesisCoinbase: '0x3333333333333333333333333333333333333333',
    minerCoinbase: '0x3333333333333333333333333333333333333333',
    forkDetectionFromBlock: 449n,
    remascMaturity: 4000n,
  },
  testnet: {
    name: 'testnet',
    chainId: 31,
    headerVersion: 2,
    genesisGasLimit: 6_800_000n,
    targetGasLimit: 6_800_000n,
    minimumGasPrice: 5_000_000n,
    difficulty: 16n,
    genesisTimestamp: 0n,
    genesisExtraData: horse,
    genesisCoinbase: '0x3333333333333333333333333333333333333333',
    minerCoinbase: '0x3333333333333333333333333333333333333333',
    forkDetectionFromBlock: 449n,
    remascMaturity: 50n,
  },
  regtest: {
    name: 'regtest',
    chainId: 33,
    headerVersion: 2,
    // genesis/rsk-dev.json
    genesisGasLimit: 10_000_000n,
    targetGasLimit: 7_500_000n,
    minimumGasPrice: 0n,
    difficulty: 1n,
    genesisTimestamp: 0n,
    genesisExtraData: horse,
    genesisCoinbase: '0x3333333333333333333333333333333333333333',
    // regtest.conf's miner.coinbase.secret `regtest_miner_secret_please_change`: the account of
    // keccak256(secret) as a private key (RskSystemProperties.localCoinbaseAccount)
    minerCoinbase: '0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d',
    forkDetectionFromBlock: 449n,
    remascMaturity: 10n,
  },
}

export const NETWORK_BY_CHAIN_ID: ReadonlyMap<number, NetworkConfig> = new Map(
  Object.values(NETWORKS).map((n) => [n.chainId, n]),
)

/** Rootstock system contract addresses. */
export const BRIDGE_ADDRESS = '0x0000000000000000000000000000000001000006' as Address
/**
 * Not a contract: the system account whose storage holds the simulated Bitcoin chain (blocks,
 * UTXO set, mempool; `src/core/bitcoin/chain`), so that chain is written with the RSK blocks and
 * dev edits, reverted by snapshots and persisted like any state.
 */
export const BITCOIN_CHAIN_ADDRESS = '0x0000000000000000000000000000000001000b7c' as Address
export const REMASC_ADDRESS = '0x0000000000000000000000000000000001000008' as Address
export const HD_WALLET_UTILS_ADDRESS = '0x0000000000000000000000000000000001000009' as Address
export const BLOCK_HEADER_CONTRACT_ADDRESS = '0x0000000000000000000000000000000001000010' as Address
export const ENVIRONMENT_CONTRACT_ADDRESS = '0x0000000000000000000000000000000001000011' as Address
