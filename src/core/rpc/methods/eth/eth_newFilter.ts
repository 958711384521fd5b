/** Handler for `eth_newFilter`: installs a log filter; `blockHash` is not allowed here (spec). */
import { installFilter } from '../../../node/engine/filterChanges.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { toLogFilterSpec } from '../../filterParams.js'
import { logFilter } from '../../objectParams.js'

export const eth_newFilter = defineMethod({
  name: 'eth_newFilter',
  params: [logFilter('filter')],
  handler: async (context, [filter]) => {
    if (filter.blockHash)
      throw new InvalidParamsError(
        'invalid argument 0: blockHash is only accepted by eth_getLogs, not by eth_newFilter',
      )
    const record = await installFilter(context.engine, 'log', toLogFilterSpec(filter))
    return record.id
  },
})
