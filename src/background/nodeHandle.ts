/**
 * What the background needs of a node: the shape `createNode` returns (src/core/node). Kept as
 * an interface here so the wiring is testable with a fake and does not depend on the engine.
 */
import type { ProfileName } from '../core/network/profiles.js'
import type { KeyValueStore } from '../core/storage/types.js'
import type { ForkView } from '../shared/panelProtocol.js'
import type { NetworkId } from '../shared/protocol.js'

export interface DevnodeNode {
  /** One JSON-RPC 2.0 request object in, its response object out. */
  request(json: unknown): Promise<unknown>
  /** Node events (new blocks, subscription notifications, …); returns an unsubscribe function when supported. */
  on?(event: string, listener: (data: unknown) => void): unknown
  close(): Promise<void>
  /** Makes a page's subscription again under its id, what was missed first (core's DevNode). */
  restoreSubscription?(
    id: string,
    params: readonly unknown[],
    after?: { number: bigint; logIndex?: number },
  ): Promise<void>
  /**
   * The node's own chain store. The wallet keeps its send intents there so that they commit in
   * order with the blocks (src/wallet/sendIntents.ts); nodes without one (test fakes) use the
   * wallet's store.
   */
  storage?: KeyValueStore
  /** The chain's fork as panels show it, `null` for a local chain (nodes that cannot fork: absent). */
  fork?(): ForkView | null
}

export interface OpenNodeOptions {
  /** rpc-api (the hosted service) or rskj (a self-run node); src/core/network/profiles.ts. */
  profile: ProfileName
  /** The upstream the network's chain forks (forks.ts); absent: a local chain. */
  fork?: { url: string; blockNumber?: bigint }
  /** Called when a batch to the upstream starts or ends, for the panels' progress. */
  onUpstreamActivity?: () => void
}

export type OpenNode = (network: NetworkId, options: OpenNodeOptions) => Promise<DevnodeNode>

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** One opened node and the requests it is answering. */
interface Slot {
  node: DevnodeNode
  inflight: number
  /** Set by `reopen`: the node takes no new requests and closes once `inflight` is 0. */
  retired: boolean
  idle: Array<() => void>
}

/**
 * Opens each network's node on first use and keeps it; a failed open is retried next time.
 * `reopen` replaces a network's node (another profile on the same stored chain): requests it is
 * answering finish first, later ones wait for the new node, and a caller still holding the old
 * handle is forwarded to the new one, so no request fails because of the switch.
 */
export function createNodeRegistry(open: (network: NetworkId) => Promise<DevnodeNode>) {
  const nodes = new Map<NetworkId, Promise<DevnodeNode>>()
  /** The slot of each network's opened node (set once its open resolved). */
  const slots = new Map<NetworkId, Slot>()
  const slotOf = new WeakMap<DevnodeNode, Slot>()

  function handle(network: NetworkId, node: DevnodeNode): DevnodeNode {
    const slot: Slot = { node, inflight: 0, retired: false, idle: [] }
    const wrapped: DevnodeNode = {
      // Everything else the opener exposes (the panel reads `engine`) stays reachable.
      ...node,
      async request(json) {
        if (slot.retired) return (await registry.get(network)).request(json)
        slot.inflight++
        try {
          return await node.request(json)
        } finally {
          if (--slot.inflight === 0) for (const done of slot.idle.splice(0)) done()
        }
      },
      close: () => node.close(),
    }
    slots.set(network, slot)
    slotOf.set(wrapped, slot)
    return wrapped
  }

  /** No new requests from now on; closes once the ones being answered are done. */
  async function retire(slot: Slot): Promise<void> {
    slot.retired = true
    if (slot.inflight > 0) await new Promise<void>((done) => slot.idle.push(done))
    await slot.node.close()
  }

  function track(network: NetworkId, node: Promise<DevnodeNode>): Promise<DevnodeNode> {
    nodes.set(network, node)
    node.catch(() => {
      if (nodes.get(network) === node) nodes.delete(network)
    })
    return node
  }

  const registry = {
    get(network: NetworkId): Promise<DevnodeNode> {
      return (
        nodes.get(network) ??
        track(
          network,
          open(network).then((node) => handle(network, node)),
        )
      )
    },
    opened(): NetworkId[] {
      return [...nodes.keys()]
    },
    /**
     * Closes the network's node once its in-flight requests are answered and opens it again
     * (`open` reads the settings anew). A network not opened yet is left for `get` to open.
     * `beforeOpen` runs once the old node is closed, before the new one opens.
     */
    reopen(network: NetworkId, beforeOpen?: () => Promise<void>): Promise<DevnodeNode> | null {
      const current = nodes.get(network)
      if (!current) return null
      // Retired at once, so that a request arriving from now on waits for the new node.
      const opened = slots.get(network)
      if (opened) opened.retired = true
      return track(
        network,
        (async () => {
          const old = await current.catch(() => null)
          const slot = old ? slotOf.get(old) : undefined
          if (slot) await retire(slot)
          // Between the old node's close and the new one's open: its store is free (wipeNetwork).
          await beforeOpen?.()
          return handle(network, await open(network))
        })(),
      )
    },
  }
  return registry
}

export type NodeRegistry = ReturnType<typeof createNodeRegistry>
