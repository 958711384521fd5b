import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY } from '../errors.js'
import { withChecksum } from '../scriptJson.js'

/**
 * A descriptor's checksum (BIP380), checked against the one it carries, as Bitcoin Core does; the
 * descriptor itself is not parsed (private keys in it are not recognized).
 */
export const getdescriptorinfo = defineBitcoind({
  name: 'getdescriptorinfo',
  args: [{ name: 'descriptor', type: 'string' }],
  run(_context, [descriptorParam]) {
    const text = String(descriptorParam)
    const at = text.lastIndexOf('#')
    const body = at < 0 ? text : text.slice(0, at)
    const normalized = withChecksum(body)
    if (normalized === body || /^\s*$/.test(body)) {
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, `Invalid characters in payload`)
    }
    const checksum = normalized.slice(normalized.lastIndexOf('#') + 1)
    if (at >= 0 && text.slice(at + 1) !== checksum) {
      throw new BitcoindError(
        RPC_INVALID_ADDRESS_OR_KEY,
        `Provided checksum '${text.slice(at + 1)}' does not match computed checksum '${checksum}'`,
      )
    }
    return {
      descriptor: normalized,
      checksum,
      isrange: body.includes('*'),
      issolvable: !body.startsWith('addr(') && !body.startsWith('raw('),
      hasprivatekeys: false,
    }
  },
})
