/**
 * Pages' `eth_subscribe` / `eth_unsubscribe`: the node's own subscriptions when it answers them,
 * the filter polyfill (subscriptions.ts) when it says -32601. Notifications go to the page that
 * subscribed and to no other.
 */
import type { NetworkId } from '../shared/protocol.js'
import { NodeRpcError } from '../wallet/errors.js'
import type { JsonRpcResponse } from './nodeHandle.js'
import { createSubscriptions, type SubscriptionOwner } from './subscriptions.js'

/** Catches blocks mined without a request (interval mining) while polyfilled subscriptions exist. */
const POLL_MS = 1000

export interface PageSubscriptionsDependencies {
  /** The node's raw answer (so that -32601 can be told apart). */
  rawRequest(network: NetworkId, method: string, params: unknown[]): Promise<JsonRpcResponse>
}

interface NativeSubscription {
  owner: SubscriptionOwner
  network: NetworkId
  /** The `eth_subscribe` parameters, to subscribe again on a reopened node. */
  params: unknown[]
  /** The id the node serving it now uses (the page's id until the node is reopened). */
  nodeId: string
}

export function createPageSubscriptions({ rawRequest }: PageSubscriptionsDependencies) {
  const callNode = async (network: NetworkId, method: string, params: unknown[]) => {
    const response = await rawRequest(network, method, params)
    if (response.error) throw new NodeRpcError(response.error)
    return response.result
  }
  const polyfill = createSubscriptions(callNode)
  /** Subscriptions the node served itself, by the id the page knows. */
  const native = new Map<string, NativeSubscription>()
  /** The page's id of each native subscription, by the id the current node gave it. */
  const pageIdOf = new Map<string, string>()
  let timer: ReturnType<typeof setInterval> | null = null

  function updateTimer(): void {
    if (polyfill.size() > 0 && timer === null) timer = setInterval(() => void polyfill.poll(), POLL_MS)
    else if (polyfill.size() === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }

  function forget(pageId: string): NativeSubscription | undefined {
    const sub = native.get(pageId)
    if (!sub) return undefined
    native.delete(pageId)
    pageIdOf.delete(sub.nodeId)
    return sub
  }

  return {
    async subscribe(owner: SubscriptionOwner, network: NetworkId, params: unknown): Promise<unknown> {
      const list = Array.isArray(params) ? params : []
      const response = await rawRequest(network, 'eth_subscribe', list)
      if (!response.error) {
        const id = String(response.result)
        native.set(id, { owner, network, params: list, nodeId: id })
        pageIdOf.set(id, id)
        return response.result
      }
      if (response.error.code !== -32601) throw new NodeRpcError(response.error)
      const id = await polyfill.subscribe(owner, network, list)
      updateTimer()
      return id
    },

    async unsubscribe(owner: SubscriptionOwner, _network: NetworkId, params: unknown): Promise<unknown> {
      const [id] = Array.isArray(params) ? params : []
      if (await polyfill.unsubscribe(owner, id)) {
        updateTimer()
        return true
      }
      if (typeof id === 'string' && native.get(id)?.owner === owner) {
        const sub = forget(id)!
        return callNode(sub.network, 'eth_unsubscribe', [sub.nodeId])
      }
      return false
    },

    /** A node `message` event: delivered to the page owning the subscription, under the page's id. */
    routeNodeMessage(message: unknown): void {
      const m = message as { type?: string; data?: { subscription?: string; result?: unknown } }
      const nodeId = m?.data?.subscription
      const subscription = nodeId ? pageIdOf.get(nodeId) : undefined
      const owner = subscription ? native.get(subscription)?.owner : undefined
      if (owner && m.type === 'eth_subscription' && subscription) {
        owner.notify({ type: 'eth_subscription', data: { subscription, result: m.data?.result } })
      }
    },

    /**
     * The network's node was reopened (another profile): its own subscriptions died with the old
     * node, so each is made again on the new one before it serves anything, and notifications keep
     * the id the page knows. Polyfilled subscriptions need nothing: their filters are stored with
     * the chain. A subscription the new node refuses is ended.
     */
    async restore(
      network: NetworkId,
      request: (method: string, params: unknown[]) => Promise<JsonRpcResponse>,
    ) {
      for (const [pageId, sub] of [...native]) {
        if (sub.network !== network) continue
        const response = await request('eth_subscribe', sub.params).catch(() => null)
        pageIdOf.delete(sub.nodeId)
        if (!response || response.error) {
          native.delete(pageId)
          continue
        }
        sub.nodeId = String(response.result)
        pageIdOf.set(sub.nodeId, pageId)
      }
    },

    async dropOwner(owner: SubscriptionOwner): Promise<void> {
      const dropped = [...native].filter(([, sub]) => sub.owner === owner)
      for (const [id] of dropped) forget(id)
      // The node's own subscription would otherwise keep building notifications for nobody.
      for (const [, sub] of dropped)
        await callNode(sub.network, 'eth_unsubscribe', [sub.nodeId]).catch(() => false)
      await polyfill.dropOwner(owner)
      updateTimer()
    },

    /** Delivers what changed since the last poll (after every page request). */
    poll: () => polyfill.poll(),
  }
}
