/**
 * Handler for `eth_getLogs`. Defaults `latest`/`latest` (the logs of the latest block);
 * `blockHash` excludes `fromBlock`/`toBlock` (-32602, RSKj's text); an unknown `blockHash` gives
 * `[]`; `pending` as `fromBlock` gives `[]` as in RSKj. Limits come from the profile.
 */
import { resolveLogRange } from '../../../node/engine/filterQueries.js'
import { getLogs } from '../../../node/engine/queries.js'
import { defineMethod } from '../../defineMethod.js'
import { toFilterLogDto } from '../../dto/receiptDto.js'
import { logFilter } from '../../objectParams.js'

export const eth_getLogs = defineMethod({
  name: 'eth_getLogs',
  params: [logFilter('filter')],
  handler: async (context, [filter]) => {
    const range = await resolveLogRange(context.engine, filter)
    if (!range) return []
    const logs = await getLogs(
      context.engine,
      { ...range, criteria: { addresses: filter.addresses, topics: filter.topics } },
      context.profile.logs,
    )
    return logs.map(toFilterLogDto)
  },
})
