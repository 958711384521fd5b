/**
 * Rootstock's native contracts, as the engine's extra precompiles: Bridge (0x…01000006), REMASC
 * (0x…01000008), HD wallet utils (0x…09, RSKIP106), block header (0x…10, RSKIP119) and
 * environment (0x…11, RSKIP203).
 */
import type { Precompile } from '../../evm/types.js'
import type { NetworkConfig } from '../../network/networks.js'
import type { Address } from '../../util/hex.js'
import { createBlockHeaderContract, type RecentBlockSource } from './blockHeader.js'
import { createBridgeContract } from './bridge/index.js'
import { createEnvironmentContract } from './environment.js'
import { createHdWalletUtilsContract } from './hdWalletUtils.js'
import { createRemascContract } from './remasc.js'

export const BRIDGE_ADDRESS = '0x0000000000000000000000000000000001000006' as Address
export const REMASC_CONTRACT_ADDRESS = '0x0000000000000000000000000000000001000008' as Address
export const HD_WALLET_UTILS_ADDRESS = '0x0000000000000000000000000000000001000009' as Address
export const BLOCK_HEADER_ADDRESS = '0x0000000000000000000000000000000001000010' as Address
export const ENVIRONMENT_ADDRESS = '0x0000000000000000000000000000000001000011' as Address

export interface CreateRskPrecompilesParameters {
  network: Pick<NetworkConfig, 'name'>
  /** Recent blocks for the block header contract (see `RecentBlocks`). */
  blocks: RecentBlockSource
}

export function createRskPrecompiles({
  network,
  blocks,
}: CreateRskPrecompilesParameters): ReadonlyMap<Address, Precompile> {
  return new Map<Address, Precompile>([
    [BRIDGE_ADDRESS, createBridgeContract(network)],
    [REMASC_CONTRACT_ADDRESS, createRemascContract()],
    [HD_WALLET_UTILS_ADDRESS, createHdWalletUtilsContract()],
    [BLOCK_HEADER_ADDRESS, createBlockHeaderContract(blocks)],
    [ENVIRONMENT_ADDRESS, createEnvironmentContract()],
  ])
}
