/**
 * What the background needs of a node: the shape `createNode` returns (src/core/node). Kept as
 * an interface here so the wiring is testable with a fake and does not depend on the engine.
 */
import type { NetworkId } from '../shared/protocol.js'

export interface DevnodeNode {
  /** One JSON-RPC 2.0 request object in, its response object out. */
  request(json: unknown): Promise<unknown>
  /** Node events (new blocks, subscription notifications, …); returns an unsubscribe function when supported. */
  on?(event: string, listener: (data: unknown) => void): unknown
  close(): Promise<void>
}

export type OpenNode = (network: NetworkId) => Promise<DevnodeNode>

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** Opens each network's node on first use and keeps it; a failed open is retried next time. */
export function createNodeRegistry(open: OpenNode) {
  const nodes = new Map<NetworkId, Promise<DevnodeNode>>()
  return {
    get(network: NetworkId): Promise<DevnodeNode> {
      let node = nodes.get(network)
      if (!node) {
        node = open(network)
        nodes.set(network, node)
        node.catch(() => nodes.delete(network))
      }
      return node
    },
    opened(): NetworkId[] {
      return [...nodes.keys()]
    },
  }
}
