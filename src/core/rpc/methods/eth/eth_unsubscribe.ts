/** Handler for `eth_unsubscribe`: `true` when the subscription existed and is now gone, else `false` (RSKj). */
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'
import { subscriptionsOf } from '../../subscriptions/subscriptionHub.js'

export const eth_unsubscribe = defineMethod({
  name: 'eth_unsubscribe',
  params: [string('subscriptionId')],
  handler: (context, [id]) => subscriptionsOf(context.engine).unsubscribe(id),
})
