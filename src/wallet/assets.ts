/**
 * Assets pages asked the wallet to watch (`wallet_watchAsset`, EIP-747): kept in the wallet
 * store per network and account, listed with their balances in the popup and the DevTools panel.
 * Token metadata and balances are read from the chain with eth_call.
 */
import { bytesToBigint, bytesToHex, hexToBytes } from '../core/util/hex.js'
import type { NetworkId, WatchedAsset, WatchedAssetView } from '../shared/protocol.js'
import { formatUnits } from './describe.js'
import type { WalletStore } from './store.js'
import type { CallNode } from './transactions.js'

const STORE_KEY = 'watchedAssets'
/** The newest this many are kept. */
const KEPT = 200

export const SELECTORS = {
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  balanceOf: '0x70a08231',
  ownerOf: '0x6352211e',
  balanceOf1155: '0x00fdd58e',
} as const

const word = (value: bigint | string) =>
  (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '').toLowerCase()).padStart(64, '0')

const calldata = {
  balanceOf: (account: string) => `${SELECTORS.balanceOf}${word(account)}`,
  ownerOf: (tokenId: bigint) => `${SELECTORS.ownerOf}${word(tokenId)}`,
  balanceOf1155: (account: string, tokenId: bigint) =>
    `${SELECTORS.balanceOf1155}${word(account)}${word(tokenId)}`,
}

/** eth_call on the latest block; null when it fails or returns nothing. */
export async function readCall(callNode: CallNode, to: string, data: string): Promise<Uint8Array | null> {
  try {
    const result = await callNode('eth_call', [{ to, data }, 'latest'])
    if (typeof result !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(result)) return null
    return hexToBytes(result)
  } catch {
    return null
  }
}

export const uintOf = (bytes: Uint8Array | null): bigint | null =>
  bytes && bytes.length >= 32 ? bytesToBigint(bytes.subarray(0, 32)) : null

/** An ABI string return, or an old token's bytes32 symbol. */
export function stringOf(bytes: Uint8Array | null): string | null {
  if (!bytes) return null
  try {
    const decoder = new TextDecoder('utf-8', { fatal: true })
    if (bytes.length >= 64) {
      const offset = Number(uintOf(bytes.subarray(0, 32)))
      const length = Number(uintOf(bytes.subarray(offset, offset + 32)))
      if (offset + 32 + length <= bytes.length)
        return decoder.decode(bytes.subarray(offset + 32, offset + 32 + length))
    }
    if (bytes.length === 32) return decoder.decode(bytes).replace(/\0+$/, '')
  } catch {
    // Not a string: no symbol.
  }
  return null
}

async function listAssets(store: WalletStore): Promise<WatchedAsset[]> {
  return (await store.get<WatchedAsset[]>(STORE_KEY)) ?? []
}

const sameAsset = (a: WatchedAsset, b: Pick<WatchedAsset, 'network' | 'address' | 'tokenId' | 'account'>) =>
  a.network === b.network &&
  a.address === b.address &&
  (a.tokenId ?? '') === (b.tokenId ?? '') &&
  a.account === b.account

/** Adds (or updates) an asset; answers whether it was new. */
export async function watchAsset(store: WalletStore, asset: WatchedAsset): Promise<boolean> {
  const assets = await listAssets(store)
  const index = assets.findIndex((a) => sameAsset(a, asset))
  if (index >= 0) assets.splice(index, 1)
  assets.push(asset)
  await store.put(STORE_KEY, assets.slice(-KEPT))
  return index < 0
}

export async function unwatchAsset(
  store: WalletStore,
  asset: Pick<WatchedAsset, 'network' | 'address' | 'tokenId' | 'account'>,
): Promise<boolean> {
  const assets = await listAssets(store)
  const kept = assets.filter((a) => !sameAsset(a, asset))
  if (kept.length === assets.length) return false
  await store.put(STORE_KEY, kept)
  return true
}

/** The balance of one watched asset for its account (ERC-721: 1 when the account owns the token). */
export async function balanceOfAsset(callNode: CallNode, asset: WatchedAsset): Promise<bigint | null> {
  if (asset.type === 'ERC20')
    return uintOf(await readCall(callNode, asset.address, calldata.balanceOf(asset.account)))
  const tokenId = BigInt(asset.tokenId ?? '0')
  if (asset.type === 'ERC721') {
    const owner = await readCall(callNode, asset.address, calldata.ownerOf(tokenId))
    if (!owner || owner.length < 32) return null
    return bytesToHex(owner.subarray(12, 32)) === asset.account ? 1n : 0n
  }
  return uintOf(await readCall(callNode, asset.address, calldata.balanceOf1155(asset.account, tokenId)))
}

/** The network's watched assets with their balances, newest first. */
export async function watchedAssetViews(
  store: WalletStore,
  network: NetworkId,
  callNode: CallNode,
): Promise<WatchedAssetView[]> {
  const assets = (await listAssets(store)).filter((a) => a.network === network).reverse()
  return Promise.all(
    assets.map(async (asset) => {
      const balance = await balanceOfAsset(callNode, asset)
      const view: WatchedAssetView = { ...asset, balance: balance === null ? null : balance.toString() }
      if (balance !== null && asset.type === 'ERC20' && asset.decimals !== undefined)
        view.formatted = formatUnits(balance, asset.decimals)
      return view
    }),
  )
}
