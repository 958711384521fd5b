/**
 * Handler for `mnr_getWork` (RSKj `MnrModuleImpl.getWork`): the `MinerWork` of the current block
 * template — hashForMergedMining, target, fees, notify (true once per new parent or fee jump),
 * parent hash. The template is rebuilt when the head, state or pending transactions changed.
 */
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'

export const mnr_getWork = defineMethod({
  name: 'mnr_getWork',
  params: [],
  handler: (context) => externalMiningOf(context.engine).getWork(),
})
