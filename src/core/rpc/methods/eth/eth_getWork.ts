/**
 * Handler for `eth_getWork` (absent from RSKj, present in the service specification):
 * [pow hash = the template's hashForMergedMining, seed hash = the previous Bitcoin header hash,
 * boundary = RSK target 2^256 / max(difficulty, 3)].
 */
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_getWork = defineMethod({
  name: 'eth_getWork',
  params: [],
  handler: (context) => externalMiningOf(context.engine).ethGetWork(),
})
