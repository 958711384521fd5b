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

export function createPageSubscriptions({ rawRequest }: PageSubscriptionsDependencies) {
  const callNode = async (network: NetworkId, method: string, params: unknown[]) => {
    const response = await rawRequest(network, method, params)
    if (response.error) throw new NodeRpcError(response.error)
    return response.result
  }
  const polyfill = createSubscriptions(callNode)
  /** Subscriptions the node served itself, by id. */
  const native = new Map<string, SubscriptionOwner>()
  let timer: ReturnType<typeof setInterval> | null = null

  function updateTimer(): void {
    if (polyfill.size() > 0 && timer === null) timer = setInterval(() => void polyfill.poll(), POLL_MS)
    else if (polyfill.size() === 0 && timer !== null) {
      clearInterval(timer)
      timer = null
    }
  }

  return {
    async subscribe(owner: SubscriptionOwner, network: NetworkId, params: unknown): Promise<unknown> {
      const list = Array.isArray(params) ? params : []
      const response = await rawRequest(network, 'eth_subscribe', list)
      if (!response.error) {
        native.set(String(response.result), owner)
        return response.result
      }
      if (response.error.code !== -32601) throw new NodeRpcError(response.error)
      const id = await polyfill.subscribe(owner, network, list)
      updateTimer()
      return id
    },

    async unsubscribe(owner: SubscriptionOwner, network: NetworkId, params: unknown): Promise<unknown> {
      const [id] = Array.isArray(params) ? params : []
      if (await polyfill.unsubscribe(owner, id)) {
        updateTimer()
        return true
      }
      if (typeof id === 'string' && native.get(id) === owner) {
        native.delete(id)
        return callNode(network, 'eth_unsubscribe', [id])
      }
      return false
    },

    /** A node `message` event: delivered to the page owning the subscription. */
    routeNodeMessage(message: unknown): void {
      const m = message as { type?: string; data?: { subscription?: string; result?: unknown } }
      const subscription = m?.data?.subscription
      const owner = subscription ? native.get(subscription) : undefined
      if (owner && m.type === 'eth_subscription' && subscription) {
        owner.notify({ type: 'eth_subscription', data: { subscription, result: m.data?.result } })
      }
    },

    async dropOwner(owner: SubscriptionOwner): Promise<void> {
      for (const [id, o] of native) if (o === owner) native.delete(id)
      await polyfill.dropOwner(owner)
      updateTimer()
    },

    /** Delivers what changed since the last poll (after every page request). */
    poll: () => polyfill.poll(),
  }
}
