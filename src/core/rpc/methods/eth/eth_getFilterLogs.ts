/** Handler for `eth_getFilterLogs`: every log the filter matches now (profile limits apply). */
import { filterLogs } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'
import { toFilterLogDto } from '../../dto/receiptDto.js'
import { filterId } from '../../params.js'

export const eth_getFilterLogs = defineMethod({
  name: 'eth_getFilterLogs',
  params: [filterId('filterId')],
  handler: async (context, [id]) =>
    (await filterLogs(context.engine, id, context.profile.logs)).map(toFilterLogDto),
})
