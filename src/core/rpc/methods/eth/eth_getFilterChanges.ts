/**
 * Handler for `eth_getFilterChanges`: what happened since the last poll — log objects (removed ones
 * first, with `removed: true`, after a revert), block hashes or transaction hashes. An unknown or
 * expired id is -32000 `filter not found`.
 */
import { filterChanges } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'
import { toFilterLogDto } from '../../dto/receiptDto.js'
import { toData32 } from '../../encode.js'
import { filterId } from '../../params.js'

export const eth_getFilterChanges = defineMethod({
  name: 'eth_getFilterChanges',
  params: [filterId('filterId')],
  handler: async (context, [id]) => {
    const changes = await filterChanges(context.engine, id)
    return changes.kind === 'log' ? changes.logs.map(toFilterLogDto) : changes.hashes.map(toData32)
  },
})
