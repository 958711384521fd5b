/**
 * Handler for `mnr_submitBitcoinBlockPartialMerkle(blockHashHex, blockHeaderHex, coinbaseHex,
 * merkleHashesHex, blockTxnCountHex)`: the coinbase txid then its merkle branch, serialized
 * (little-endian) order, space-separated; the transaction count in hex without `0x`.
 */
import { parseSubmitBitcoinBlockPartialMerkleParams } from '../../../mining/work/submitParams.js'
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'
import { string } from '../../params.js'
import { withMiningErrors } from '../miningErrors.js'

export const mnr_submitBitcoinBlockPartialMerkle = defineMethod({
  name: 'mnr_submitBitcoinBlockPartialMerkle',
  params: [
    string('blockHashHex'),
    string('blockHeaderHex'),
    string('coinbaseHex'),
    string('merkleHashesHex'),
    string('blockTxnCountHex'),
  ],
  handler: (context, [blockHashHex, blockHeaderHex, coinbaseHex, merkleHashesHex, blockTxnCountHex]) =>
    withMiningErrors(async () => {
      const submission = parseSubmitBitcoinBlockPartialMerkleParams(
        blockHashHex,
        blockHeaderHex,
        coinbaseHex,
        merkleHashesHex,
        blockTxnCountHex,
      )
      return (await externalMiningOf(context.engine).submitBitcoinBlock(submission)).info
    }),
})
