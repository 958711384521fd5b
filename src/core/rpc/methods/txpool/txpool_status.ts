/** Handler for `txpool_status`: `{"pending":<n>,"queued":<n>}` as JSON numbers (RSKj). */
import { defineMethod } from '../../defineMethod.js'

export const txpool_status = defineMethod({
  name: 'txpool_status',
  params: [],
  handler: (context) => ({
    pending: context.engine.pool.pending().length,
    queued: context.engine.pool.queued().length,
  }),
})
