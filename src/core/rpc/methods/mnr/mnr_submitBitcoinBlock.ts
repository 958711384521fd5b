/**
 * Handler for `mnr_submitBitcoinBlock(bitcoinBlockHex)`: a whole serialized Bitcoin block (hex
 * without `0x`) whose coinbase names a block template after its last `RSKBLOCK:`. Answers
 * `SubmittedBlockInfo`; -33000 when the template is unknown or the proof fails.
 */
import { parseSubmitBitcoinBlockParams } from '../../../mining/work/submitParams.js'
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'
import { withMiningErrors } from '../miningErrors.js'

export const mnr_submitBitcoinBlock = defineMethod({
  name: 'mnr_submitBitcoinBlock',
  params: [string('bitcoinBlockHex')],
  handler: (context, [bitcoinBlockHex]) =>
    withMiningErrors(async () => {
      const submission = parseSubmitBitcoinBlockParams(bitcoinBlockHex)
      return (await externalMiningOf(context.engine).submitBitcoinBlock(submission)).info
    }),
})
