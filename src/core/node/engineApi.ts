/**
 * The chain engine as the RPC methods see it. Filled in by the chain engine; methods that need no
 * chain (web3_*, net_*, eth_chainId…) do not touch it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the chain engine
export interface ChainEngine {}
