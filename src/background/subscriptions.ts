/**
 * `eth_subscribe` for pages: the node's own subscriptions when it has them, otherwise a polyfill
 * over filters (as MetaMask's middleware does): each subscription owns a node filter, and after
 * every request that may have changed the chain (and on a slow timer while any exist) the filter's
 * changes become EIP-1193 `message` events: `{ type: 'eth_subscription', data: { subscription, result } }`.
 */
import type { NetworkId, PageSubscriptionRecord } from '../shared/protocol.js'
import { InvalidParamsError } from '../wallet/errors.js'

export interface SubscriptionCursorUpdate {
  subscription: string
  /** Block number, hex. */
  number: string
  logIndex?: number
}

export type SubscriptionNotification =
  | { type: 'eth_subscription'; data: { subscription: string; result: unknown } }
  /** The subscription is gone and will send nothing more (it could not be made again). */
  | { type: 'eth_subscription'; data: { subscription: string; error: { code: number; message: string } } }

export interface SubscriptionOwner {
  notify(message: SubscriptionNotification, cursor?: SubscriptionCursorUpdate): void
  /** A subscription the node serves was made for this owner, or ended (the relay keeps a copy). */
  subscribed?(record: PageSubscriptionRecord): void
  unsubscribed?(id: string): void
}

type CallNode = (network: NetworkId, method: string, params: unknown[]) => Promise<unknown>

interface Subscription {
  id: string
  owner: SubscriptionOwner
  network: NetworkId
  kind: 'newHeads' | 'logs' | 'newPendingTransactions'
  filterId: string
}

export function createSubscriptions(callNode: CallNode) {
  const subscriptions = new Map<string, Subscription>()
  let polling: Promise<void> | null = null

  async function pollOne(sub: Subscription): Promise<void> {
    let changes: unknown
    try {
      changes = await callNode(sub.network, 'eth_getFilterChanges', [sub.filterId])
    } catch {
      // The filter expired or the chain was reset: re-create it and carry on from now.
      try {
        sub.filterId = await installFilter(sub.network, sub.kind, undefined)
      } catch {
        subscriptions.delete(sub.id)
      }
      return
    }
    if (!Array.isArray(changes)) return
    for (const change of changes) {
      let result: unknown = change
      if (sub.kind === 'newHeads') {
        result = await callNode(sub.network, 'eth_getBlockByHash', [change, false]).catch(() => null)
        if (!result) continue
      }
      if (subscriptions.has(sub.id))
        sub.owner.notify({ type: 'eth_subscription', data: { subscription: sub.id, result } })
    }
  }

  async function installFilter(
    network: NetworkId,
    kind: Subscription['kind'],
    options: unknown,
  ): Promise<string> {
    if (kind === 'newHeads') return (await callNode(network, 'eth_newBlockFilter', [])) as string
    if (kind === 'newPendingTransactions')
      return (await callNode(network, 'eth_newPendingTransactionFilter', [])) as string
    return (await callNode(network, 'eth_newFilter', [options ?? {}])) as string
  }

  return {
    size: () => subscriptions.size,

    async subscribe(owner: SubscriptionOwner, network: NetworkId, params: unknown[]): Promise<string> {
      const [kind, options] = params
      if (kind !== 'newHeads' && kind !== 'logs' && kind !== 'newPendingTransactions') {
        throw new InvalidParamsError(`unsupported subscription type ${String(kind)}`)
      }
      const filterOptions =
        kind === 'logs' && options && typeof options === 'object'
          ? { ...(options as Record<string, unknown>), fromBlock: 'latest', toBlock: 'latest' }
          : undefined
      const filterId = await installFilter(network, kind, filterOptions)
      const bytes = crypto.getRandomValues(new Uint8Array(16))
      const id = `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
      subscriptions.set(id, { id, owner, network, kind, filterId })
      return id
    },

    async unsubscribe(owner: SubscriptionOwner, id: unknown): Promise<boolean> {
      const sub = typeof id === 'string' ? subscriptions.get(id) : undefined
      if (!sub || sub.owner !== owner) return false
      subscriptions.delete(sub.id)
      await callNode(sub.network, 'eth_uninstallFilter', [sub.filterId]).catch(() => false)
      return true
    },

    /** Drops a page's subscriptions when its Port closes. */
    async dropOwner(owner: SubscriptionOwner): Promise<void> {
      for (const sub of [...subscriptions.values()]) {
        if (sub.owner !== owner) continue
        subscriptions.delete(sub.id)
        await callNode(sub.network, 'eth_uninstallFilter', [sub.filterId]).catch(() => false)
      }
    },

    /** Delivers what changed since the last poll; concurrent calls share one pass. */
    poll(): Promise<void> {
      if (subscriptions.size === 0) return Promise.resolve()
      polling ??= (async () => {
        try {
          for (const sub of [...subscriptions.values()]) await pollOne(sub)
        } finally {
          polling = null
        }
      })()
      return polling
    },
  }
}
