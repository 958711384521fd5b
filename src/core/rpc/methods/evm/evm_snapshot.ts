/** Handler for `evm_snapshot`: ids count up from `0x1`. Semantics: Ganache/Anvil (see evm_revert). */
import { takeSnapshot } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const evm_snapshot = defineMethod({
  name: 'evm_snapshot',
  params: [],
  handler: async (context) => toQuantity(await takeSnapshot(context.engine)),
})
