/** Handler for `eth_uninstallFilter`: `true` when a filter was removed, `false` otherwise. */
import { uninstallFilter } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'
import { filterId } from '../../params.js'

export const eth_uninstallFilter = defineMethod({
  name: 'eth_uninstallFilter',
  params: [filterId('filterId')],
  handler: (context, [id]) => uninstallFilter(context.engine, id),
})
