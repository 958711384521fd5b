/**
 * Handler for `eth_subscribe`: `newHeads`, `logs` (optional `{ address, topics }`),
 * `newPendingTransactions` or `syncing`; answers the subscription id. Notifications arrive as the
 * node's `message` events (EIP-1193), see `subscriptions/subscriptionHub.ts`. An unknown type or
 * a malformed logs filter is -32602.
 */

import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { parseLogFilter } from '../../objectParams.js'
import { object, optional, ParamError, string } from '../../params.js'
import {
  SUBSCRIPTION_KINDS,
  type SubscriptionKind,
  subscriptionsOf,
} from '../../subscriptions/subscriptionHub.js'

export const eth_subscribe = defineMethod({
  name: 'eth_subscribe',
  params: [string('subscriptionType'), optional(object('options'))],
  handler: (context, [type, options]) => {
    if (!SUBSCRIPTION_KINDS.includes(type as SubscriptionKind))
      throw new InvalidParamsError(
        `invalid argument 0: unknown subscription type "${type}", expected one of ${SUBSCRIPTION_KINDS.join(', ')}`,
      )
    const hub = subscriptionsOf(context.engine)
    if (type !== 'logs') return hub.subscribe(type as SubscriptionKind)
    let criteria: { addresses: `0x${string}`[]; topics: Array<Uint8Array[] | null> } = {
      addresses: [],
      topics: [],
    }
    if (options) {
      try {
        const filter = parseLogFilter(options)
        criteria = { addresses: filter.addresses, topics: filter.topics }
      } catch (error) {
        if (error instanceof ParamError) throw new InvalidParamsError(`invalid argument 1: ${error.message}`)
        throw error
      }
    }
    return hub.subscribe('logs', criteria)
  },
})
