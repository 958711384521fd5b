/**
 * `rsk-devnode/provider`: the node inside a dApp's own page or browser test runner, without the
 * extension. Everything of the main entry, plus `createInPageProvider`, which opens a network's
 * chain in the page's IndexedDB (kept across reloads) or in memory.
 *
 * Built on its own (vite.provider.config.ts) into one file with no Node built-ins and no
 * WebAssembly import, so any bundler takes it as is: sender recovery runs on @noble/curves.
 *
 * ```ts
 * import { createInPageProvider } from 'rsk-devnode/provider'
 * const { provider } = await createInPageProvider({ network: 'regtest' })
 * await provider.request({ method: 'eth_chainId' }) // '0x21'
 * ```
 */

import type { NetworkName } from './core/network/networks.js'
import type { ProfileName } from './core/network/profiles.js'
import { createIndexedDbStore } from './core/storage/indexedDbStore.js'
import { createMemoryStore } from './core/storage/memoryStore.js'
import type { KeyValueStore } from './core/storage/types.js'
import { createNode, type DevNode } from './index.js'
import { createProvider, type Eip1193Provider } from './provider/createProvider.js'

export * from './index.js'

/** For `web3_clientVersion`: the page's browser is not known to the node. */
const PAGE = { os: 'browser', runtime: 'page' }

export interface CreateInPageProviderParameters {
  /** Default `regtest` (chain id 33): minimum gas price 0, difficulty 1. */
  network?: NetworkName
  /**
   * `indexeddb` (default where the page has IndexedDB): the chain survives reloads, one database
   * per network (`databaseName`); `memory`: gone with the page; or any `KeyValueStore`.
   */
  storage?: 'indexeddb' | 'memory' | KeyValueStore
  /** IndexedDB database name; default `rsk-devnode/<network>`. */
  databaseName?: string
  /** Default `rpc-api` (the hosted service's rules); `rskj` for a self-run node's. */
  profile?: ProfileName
}

export interface CreateInPageProviderReturnType {
  node: DevNode
  provider: Eip1193Provider
}

export async function createInPageProvider(
  parameters: CreateInPageProviderParameters = {},
): Promise<CreateInPageProviderReturnType> {
  const network = parameters.network ?? 'regtest'
  const storage = await openStorage(network, parameters)
  const node = await createNode({ network, storage, profile: parameters.profile, platform: PAGE })
  return { node, provider: createProvider(node) }
}

async function openStorage(
  network: NetworkName,
  { storage, databaseName }: CreateInPageProviderParameters,
): Promise<KeyValueStore> {
  if (storage !== undefined && typeof storage === 'object') return storage
  const indexedDB = (globalThis as { indexedDB?: IDBFactory }).indexedDB
  const wanted = storage ?? (indexedDB ? 'indexeddb' : 'memory')
  if (wanted === 'memory') return createMemoryStore()
  if (!indexedDB)
    throw new Error('createInPageProvider: this context has no IndexedDB; pass storage: "memory"')
  return createIndexedDbStore({ indexedDB, name: databaseName ?? `rsk-devnode/${network}` })
}
