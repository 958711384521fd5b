/**
 * One node per network, each over its own LevelDB directory under `<data dir>/chains/`, opened
 * on first use and kept open until the server closes.
 */
import { join } from 'node:path'
import type { NetworkName } from '../../core/network/networks.js'
import type { KeyValueStore } from '../../core/storage/types.js'
import { tightenTree } from '../persist/privateFiles.js'
import { openLevelStore } from '../storage/levelStore.js'

export const SERVED_NETWORKS: readonly NetworkName[] = ['mainnet', 'testnet', 'regtest']

/** What the server needs of a node: the JSON-RPC entry point and a way to shut it down. */
export interface RpcNode {
  /** A parsed JSON-RPC request or batch (or the raw text when it did not parse). */
  request(payload: unknown, options?: { signal?: { readonly aborted: boolean } }): unknown
  /** The simulated Bitcoin chain's bitcoind-compatible JSON-RPC (absent in test doubles). */
  bitcoinRequest?(payload: unknown): unknown
  close(): unknown
}

export interface NodeFactoryParameters {
  network: NetworkName
  storage: KeyValueStore
}

export type NodeFactory = (parameters: NodeFactoryParameters) => RpcNode | Promise<RpcNode>

export interface NodeHost {
  node(network: NetworkName): Promise<RpcNode>
  /** The node when it is already open: the request path skips a promise hop with it. */
  ready(network: NetworkName): RpcNode | undefined
  /** Networks whose node has been opened. */
  opened(): NetworkName[]
  close(): Promise<void>
}

export interface CreateNodeHostParameters {
  dataDir: string
  factory: NodeFactory
  /** fsync each write (default false: writes survive a killed process, not a power loss). */
  syncWrites?: boolean
}

export function chainDirectory(dataDir: string, network: NetworkName): string {
  return join(dataDir, 'chains', network)
}

export function createNodeHost({ dataDir, factory, syncWrites = false }: CreateNodeHostParameters): NodeHost {
  const opening = new Map<NetworkName, Promise<{ node: RpcNode; storage: KeyValueStore }>>()
  const opened = new Map<NetworkName, RpcNode>()

  const open = async (network: NetworkName) => {
    const path = chainDirectory(dataDir, network)
    const storage = await openLevelStore({ path, sync: syncWrites })
    try {
      // LevelDB created its files with the process umask; the chain is the user's alone.
      await tightenTree(path)
      return { node: await factory({ network, storage }), storage }
    } catch (error) {
      await storage.close()
      throw error
    }
  }

  return {
    async node(network) {
      let entry = opening.get(network)
      if (!entry) {
        entry = open(network)
        opening.set(network, entry)
        entry.then(({ node }) => opened.set(network, node)).catch(() => {})
        // A failed open is retried by the next request rather than remembered forever.
        entry.catch(() => opening.delete(network))
      }
      return (await entry).node
    },
    ready(network) {
      return opened.get(network)
    },
    opened() {
      return [...opening.keys()]
    },
    async close() {
      const entries = [...opening.values()]
      opening.clear()
      opened.clear()
      for (const entry of entries) {
        const opened = await entry.catch(() => undefined)
        if (!opened) continue
        await opened.node.close()
        await opened.storage.close()
      }
    },
  }
}
