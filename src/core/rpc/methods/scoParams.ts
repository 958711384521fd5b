/** The `sco_banAddress` / `sco_unbanAddress` parameter: an IP or CIDR block, RSKj's -32602 text otherwise. */
import { InvalidParamsError } from '../errors/rpc.js'
import { describeValue, type ParamSpec } from '../params.js'
import { normalizeBan } from './scoBans.js'

export const banTarget = (name: string): ParamSpec<string> => ({
  type: 'STRING',
  name,
  optional: false,
  parse(value) {
    const normalized = typeof value === 'string' ? normalizeBan(value) : undefined
    // RSKj's text has no argument prefix: it comes from the method, not the parameter parser.
    if (normalized === undefined)
      throw new InvalidParamsError(`invalid banned address ${describeValue(value)}`)
    return normalized
  },
})
