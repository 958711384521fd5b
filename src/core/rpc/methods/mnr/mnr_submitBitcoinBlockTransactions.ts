/**
 * Handler for `mnr_submitBitcoinBlockTransactions(blockHashHex, blockHeaderHex, coinbaseHex,
 * txnHashesHex)`: header, coinbase and every txid of the Bitcoin block (coinbase first, display
 * order, space-separated), all hex without `0x`. `blockHashHex` is only logged by RSKj.
 */
import { parseSubmitBitcoinBlockTransactionsParams } from '../../../mining/work/submitParams.js'
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'
import { withMiningErrors } from '../miningErrors.js'

export const mnr_submitBitcoinBlockTransactions = defineMethod({
  name: 'mnr_submitBitcoinBlockTransactions',
  params: [string('blockHashHex'), string('blockHeaderHex'), string('coinbaseHex'), string('txnHashesHex')],
  handler: (context, [blockHashHex, blockHeaderHex, coinbaseHex, txnHashesHex]) =>
    withMiningErrors(async () => {
      const submission = parseSubmitBitcoinBlockTransactionsParams(
        blockHashHex,
        blockHeaderHex,
        coinbaseHex,
        txnHashesHex,
      )
      return (await externalMiningOf(context.engine).submitBitcoinBlock(submission)).info
    }),
})
