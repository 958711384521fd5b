/** Handler for `web3_sha3`: Keccak-256 (not the standardized SHA3-256) of the given bytes. */
import { keccak256 } from '../../../crypto/hash.js'
import { defineMethod } from '../../defineMethod.js'
import { toData32 } from '../../encode.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { ParamError, type ParamSpec, parseData } from '../../params.js'

/** DATA, with RSKj's own text for input that is not `0x`-prefixed hex (reference §4.3). */
const sha3Input: ParamSpec<Uint8Array> = {
  type: 'DATA',
  name: 'data',
  optional: false,
  parse(value) {
    // RSKj's HexUtils.isHexWithPrefix: `0x` then hex digits; anything else gets its one text.
    if (typeof value === 'string' && !/^0x[0-9a-fA-F]*$/.test(value)) {
      throw new InvalidParamsError("Parameter must be hexadecimal encoded with the '0x' prefix.")
    }
    if (typeof value !== 'string')
      throw new ParamError(`expected a 0x-prefixed hex string, got ${typeof value}`)
    return parseData(value)
  },
}

export const web3_sha3 = defineMethod({
  name: 'web3_sha3',
  params: [sha3Input],
  handler: (_context, [input]) => toData32(keccak256(input)),
})
