/**
 * Handler for `eth_subscribe`: `newHeads`, `logs` (optional `{ address, topics }`),
 * `newPendingTransactions` or `syncing`; answers the subscription id. Notifications arrive as the
 * node's `message` events (EIP-1193), see `subscriptions/subscriptionHub.ts`. An unknown type or
 * a malformed logs filter is -32602.
 */

import { defineMethod } from '../../defineMethod.js'
import { object, optional, string } from '../../params.js'
import { subscriptionsOf } from '../../subscriptions/subscriptionHub.js'
import { parseSubscriptionRequest } from '../../subscriptions/subscriptionRequest.js'

export const eth_subscribe = defineMethod({
  name: 'eth_subscribe',
  params: [string('subscriptionType'), optional(object('options'))],
  handler: (context, [type, options]) => {
    const { kind, criteria } = parseSubscriptionRequest(type, options)
    return subscriptionsOf(context.engine).subscribe(kind, criteria)
  },
})
