/**
 * `eth_subscribe` subscriptions of one node. They live in memory beside the node's engine (one
 * hub per engine) and turn engine events into EIP-1193 `message` payloads
 * `{ type: 'eth_subscription', data: { subscription, result } }`, which the node emits as its
 * `message` event: the in-process provider, the extension's page bridge and a WebSocket server
 * forward them. Ids are `0x` + 16 random bytes, as RSKj makes them.
 *
 * - `newHeads`: every new block (RSKj's header notification).
 * - `logs` with `{ address, topics }`: each matching log of a new block; logs of blocks a revert
 *   removed are sent again with `removed: true`.
 * - `newPendingTransactions`: the hash of each transaction accepted into the pool.
 * - `syncing`: accepted as RSKj does; a simulated node never syncs, so it never notifies.
 * Subscriptions survive a chain reset (the connection is still open), as in Anvil.
 */

import { type LogCriteria, matchesLog } from '../../filters/logMatch.js'
import { blockLogs } from '../../node/engine/chainReader.js'
import type { Engine } from '../../node/engine/engine.js'
import { bytesToHex, type Hex } from '../../util/hex.js'
import { toLogsNotification, toNewHeadsNotification } from './notifications.js'

export type SubscriptionKind = 'newHeads' | 'logs' | 'newPendingTransactions' | 'syncing'

export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = [
  'newHeads',
  'logs',
  'newPendingTransactions',
  'syncing',
]

export interface SubscriptionMessage {
  type: 'eth_subscription'
  data: { subscription: Hex; result: unknown }
}

interface Subscription {
  kind: SubscriptionKind
  criteria?: LogCriteria
}

export class SubscriptionHub {
  readonly #subscriptions = new Map<Hex, Subscription>()
  readonly #listeners = new Set<(message: SubscriptionMessage) => void>()
  readonly #random: (length: number) => Uint8Array

  constructor(engine: Engine) {
    this.#random = engine.random
    engine.on((event) => {
      if (this.#subscriptions.size === 0) return
      if (event.type === 'block') {
        this.#notify('newHeads', () => toNewHeadsNotification(event.block))
        this.#notifyLogs(blockLogs(event.block), false)
      } else if (event.type === 'removedBlocks') {
        const ordered = [...event.blocks].sort((a, b) => (a.header.number < b.header.number ? -1 : 1))
        this.#notifyLogs(ordered.flatMap(blockLogs), true)
      } else if (event.type === 'pendingTransaction') {
        this.#notify('newPendingTransactions', () => bytesToHex(event.hash))
      }
    })
  }

  subscribe(kind: SubscriptionKind, criteria?: LogCriteria): Hex {
    const id = bytesToHex(this.#random(16))
    this.#subscriptions.set(id, kind === 'logs' ? { kind, criteria } : { kind })
    return id
  }

  /**
   * Registers a subscription under an id its client already knows (a host that restarted makes
   * its clients' subscriptions again), after `send` has delivered, under that id, what the client
   * missed. The caller runs this under the engine's mutex, so no block falls between the two.
   */
  adopt(id: Hex, kind: SubscriptionKind, criteria: LogCriteria | undefined, missed: unknown[]): void {
    for (const result of missed) this.#send(id, result)
    this.#subscriptions.set(id, kind === 'logs' ? { kind, criteria } : { kind })
  }

  has(id: string): boolean {
    return this.#subscriptions.has(id.toLowerCase() as Hex)
  }

  unsubscribe(id: string): boolean {
    return this.#subscriptions.delete(id.toLowerCase() as Hex)
  }

  get size(): number {
    return this.#subscriptions.size
  }

  onMessage(listener: (message: SubscriptionMessage) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #send(subscription: Hex, result: unknown): void {
    const message: SubscriptionMessage = { type: 'eth_subscription', data: { subscription, result } }
    for (const listener of this.#listeners) listener(message)
  }

  #notify(kind: SubscriptionKind, result: () => unknown): void {
    let value: unknown
    for (const [id, s] of this.#subscriptions) {
      if (s.kind !== kind) continue
      value ??= result()
      this.#send(id, value)
    }
  }

  #notifyLogs(logs: ReturnType<typeof blockLogs>, removed: boolean): void {
    if (logs.length === 0) return
    for (const [id, s] of this.#subscriptions) {
      if (s.kind !== 'logs') continue
      for (const log of logs)
        if (!s.criteria || matchesLog(log, s.criteria)) this.#send(id, toLogsNotification(log, removed))
    }
  }
}

const hubs = new WeakMap<Engine, SubscriptionHub>()

/** The hub of a node's engine, created on first use. */
export function subscriptionsOf(engine: Engine): SubscriptionHub {
  let hub = hubs.get(engine)
  if (!hub) {
    hub = new SubscriptionHub(engine)
    hubs.set(engine, hub)
  }
  return hub
}
