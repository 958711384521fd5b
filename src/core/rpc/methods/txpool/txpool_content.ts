/** Handler for `txpool_content`: every pool transaction by sender and nonce, pending and queued (RSKj shapes). */
import { defineMethod } from '../../defineMethod.js'
import { fullTransaction, txPoolView } from '../txpoolView.js'

export const txpool_content = defineMethod({
  name: 'txpool_content',
  params: [],
  handler: (context) => txPoolView(context.engine, fullTransaction),
})
