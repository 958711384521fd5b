/**
 * The chain engine as the RPC methods see it: the engine itself plus the read helpers methods
 * share. Methods that need no chain (web3_*, net_*, eth_chainId…) do not touch it.
 */
export type { Engine as ChainEngine } from './engine/engine.js'
