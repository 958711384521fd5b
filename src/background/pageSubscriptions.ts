/**
 * Pages' `eth_subscribe` / `eth_unsubscribe`: the node's own subscriptions when it answers them,
 * the filter polyfill (subscriptions.ts) when it says -32601. Notifications go to the page that
 * subscribed and to no other.
 *
 * The worker can be stopped at any time, and the node's subscriptions die with it. So each page's
 * relay keeps a record of its subscriptions (`subscribed` / `unsubscribed` messages, and the
 * cursor of every notification), and hands them back to a restarted worker (`resume`), which makes
 * them again under the same ids with `node.restoreSubscription`: what was mined while the worker
 * was away comes first, then live notifications. One that cannot be made again ends with an
 * `error` notification the page sees, never in silence.
 */
import type { NetworkId, PageSubscriptionRecord } from '../shared/protocol.js'
import { NodeRpcError } from '../wallet/errors.js'
import type { JsonRpcResponse } from './nodeHandle.js'
import {
  createSubscriptions,
  type SubscriptionCursorUpdate,
  type SubscriptionOwner,
} from './subscriptions.js'

/** Catches blocks mined without a request (interval mining) while polyfilled subscriptions exist. */
const POLL_MS = 1000

export interface PageSubscriptionsDependencies {
  /** The node's raw answer (so that -32601 can be told apart). */
  rawRequest(network: NetworkId, method: string, params: unknown[]): Promise<JsonRpcResponse>
  /** The network's head number right now, if its node is open (the cursor of a new subscription). */
  headOf?(network: NetworkId): bigint | undefined
  /** `node.restoreSubscription` on the network's node; absent when nodes cannot (test fakes). */
  restore?(
    network: NetworkId,
    id: string,
    params: unknown[],
    after: { number: bigint; logIndex?: number } | undefined,
  ): Promise<void>
}

interface NativeSubscription {
  owner: SubscriptionOwner
  network: NetworkId
  /** The `eth_subscribe` parameters, to subscribe again on a reopened node. */
  params: unknown[]
  /** The id the node serving it now uses (the page's id until the node is reopened). */
  nodeId: string
}

/** Where a notification leaves its subscription: a head's number, or a log's number and index. */
function cursorOf(
  sub: NativeSubscription,
  pageId: string,
  result: unknown,
): SubscriptionCursorUpdate | undefined {
  const r = result as { number?: unknown; blockNumber?: unknown; logIndex?: unknown } | null
  if (sub.params[0] === 'newHeads' && typeof r?.number === 'string')
    return { subscription: pageId, number: r.number }
  if (sub.params[0] === 'logs' && typeof r?.blockNumber === 'string' && typeof r.logIndex === 'string')
    return { subscription: pageId, number: r.blockNumber, logIndex: Number(r.logIndex) }
  return undefined
}

export function createPageSubscriptions({ rawRequest, headOf, restore }: PageSubscriptionsDependencies) {
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

  /** Makes one relay record again for `owner`; false (and the page told) when it cannot be. */
  async function resumeOne(owner: SubscriptionOwner, record: PageSubscriptionRecord): Promise<boolean> {
    const { id, network, params } = record
    const held = native.get(id)
    if (held?.owner === owner) return true
    // The page's previous connection may still hold it (the worker did not restart): take it over.
    if (held) forget(id)
    const fail = (code: number, message: string) => {
      owner.notify({ type: 'eth_subscription', data: { subscription: id, error: { code, message } } })
      owner.unsubscribed?.(id)
      return false
    }
    if (!restore)
      return fail(4900, `subscription ${id} could not be restored: the node cannot restore subscriptions`)
    await callNode(network, 'eth_unsubscribe', [held?.nodeId ?? id]).catch(() => false)
    const sub: NativeSubscription = { owner, network, params, nodeId: id }
    native.set(id, sub)
    pageIdOf.set(id, id)
    const after = record.cursor
      ? {
          number: BigInt(record.cursor.number),
          ...(record.cursor.logIndex !== undefined && { logIndex: record.cursor.logIndex }),
        }
      : undefined
    try {
      await restore(network, id, params, after)
      return true
    } catch (error) {
      if (native.get(id) === sub) forget(id)
      const e = error as { code?: unknown; message?: unknown }
      return fail(
        typeof e.code === 'number' ? e.code : 4900,
        `subscription ${id} could not be restored: ${String(e.message ?? error)}`,
      )
    }
  }

  return {
    /** Subscriptions the node serves (each keeps the worker awake). */
    nativeCount: () => native.size,

    async subscribe(owner: SubscriptionOwner, network: NetworkId, params: unknown): Promise<unknown> {
      const list = Array.isArray(params) ? params : []
      const response = await rawRequest(network, 'eth_subscribe', list)
      if (!response.error) {
        const id = String(response.result)
        native.set(id, { owner, network, params: list, nodeId: id })
        pageIdOf.set(id, id)
        const head = headOf?.(network)
        owner.subscribed?.({
          id,
          network,
          params: list,
          ...(head !== undefined && { cursor: { number: `0x${head.toString(16)}` } }),
        })
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
        owner.unsubscribed?.(id)
        return callNode(sub.network, 'eth_unsubscribe', [sub.nodeId])
      }
      return false
    },

    /** A node `message` event: delivered to the page owning the subscription, under the page's id. */
    routeNodeMessage(message: unknown): void {
      const m = message as { type?: string; data?: { subscription?: string; result?: unknown } }
      const nodeId = m?.data?.subscription
      const subscription = nodeId ? pageIdOf.get(nodeId) : undefined
      const sub = subscription ? native.get(subscription) : undefined
      if (sub && m.type === 'eth_subscription' && subscription) {
        const result = m.data?.result
        sub.owner.notify(
          { type: 'eth_subscription', data: { subscription, result } },
          cursorOf(sub, subscription, result),
        )
      }
    },

    /**
     * A page's relay reconnected to a worker that may have restarted: its subscriptions are made
     * again under their ids, in the order the page made them. Resolves to the number restored.
     */
    async resume(owner: SubscriptionOwner, records: PageSubscriptionRecord[]): Promise<number> {
      let restored = 0
      for (const record of records) if (await resumeOne(owner, record)) restored++
      return restored
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
      // The node's own subscription would otherwise keep building notifications for nobody, unless
      // the page's new connection took it over meanwhile (resume).
      for (const [id, sub] of dropped) {
        if (native.has(id)) continue
        await callNode(sub.network, 'eth_unsubscribe', [sub.nodeId]).catch(() => false)
      }
      await polyfill.dropOwner(owner)
      updateTimer()
    },

    /** Delivers what changed since the last poll (after every page request). */
    poll: () => polyfill.poll(),
  }
}
