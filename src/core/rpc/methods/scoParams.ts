/** The `sco_banAddress` / `sco_unbanAddress` parameter: an IP or CIDR block, RSKj's -32602 text otherwise. */
import { InvalidParamsError } from '../errors/rpc.js'
import type { ParamSpec } from '../params.js'
import { isIpLiteral, normalizeBan } from './scoBans.js'

export const banTarget = (name: string): ParamSpec<string> => ({
  type: 'STRING',
  name,
  optional: false,
  parse(value) {
    const normalized = typeof value === 'string' ? normalizeBan(value) : undefined
    // RSKj's text has no argument prefix: it comes from the method, not the parameter parser.
    if (normalized === undefined) throw new InvalidParamsError(`invalid banned address ${String(value)}`)
    return normalized
  },
})

/**
 * The `sco_clearPeerScoring` parameter: RSKj's `Web3Impl.sco_clearPeerScoring` tries the id as an
 * `InetAddress`, then as a hex `NodeID`. With no DNS here, an IP literal or a hex node id.
 */
export const peerId = (name: string): ParamSpec<string> => ({
  type: 'STRING',
  name,
  optional: false,
  parse(value) {
    if (typeof value !== 'string')
      throw new InvalidParamsError(`${name}: expected a string, an IP address or a hex node id`)
    const hex = value.startsWith('0x') ? value.slice(2) : value
    if (isIpLiteral(value) || (hex.length > 0 && hex.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(hex)))
      return value
    throw new InvalidParamsError(
      `${name}: ${JSON.stringify(value)} is neither an IP address nor a hex node id`,
    )
  },
})
