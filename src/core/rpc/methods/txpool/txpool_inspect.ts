/** Handler for `txpool_inspect`: like `txpool_content`, one summary string per transaction. */
import { defineMethod } from '../../defineMethod.js'
import { transactionSummary, txPoolView } from '../txpoolView.js'

export const txpool_inspect = defineMethod({
  name: 'txpool_inspect',
  params: [],
  handler: (context) => txPoolView(context.engine, transactionSummary),
})
