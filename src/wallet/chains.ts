/** The three chains the extension simulates, keyed the way wallet_* methods name them. */
import type { NetworkId } from '../shared/protocol.js'

export const CHAINS: ReadonlyArray<{ network: NetworkId; chainId: number; name: string; symbol: string }> = [
  { network: 'mainnet', chainId: 30, name: 'Rootstock Mainnet (simulated)', symbol: 'RBTC' },
  { network: 'testnet', chainId: 31, name: 'Rootstock Testnet (simulated)', symbol: 'tRBTC' },
  { network: 'regtest', chainId: 33, name: 'Rootstock Regtest (simulated)', symbol: 'RBTC' },
]

export const DEFAULT_NETWORK: NetworkId = 'testnet'

export function chainIdHex(network: NetworkId): `0x${string}` {
  const chain = CHAINS.find((c) => c.network === network)
  return `0x${(chain?.chainId ?? 31).toString(16)}`
}

export function chainIdNumber(network: NetworkId): number {
  return CHAINS.find((c) => c.network === network)?.chainId ?? 31
}

/** Accepts `0x1f`, `0x001f` or `0X1F`; undefined for anything we do not simulate. */
export function networkOfChainId(chainId: unknown): NetworkId | undefined {
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/i.test(chainId)) return undefined
  const n = Number.parseInt(chainId.slice(2), 16)
  return CHAINS.find((c) => c.chainId === n)?.network
}
