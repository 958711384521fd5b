import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'

export const getblockhash = defineBitcoind({
  name: 'getblockhash',
  args: [{ name: 'height', type: 'number' }],
  run(context, [height]) {
    const chain = context.read()
    const hash = chain.hashAt(parseInteger(height, 'height'))
    if (!hash) throw new BitcoindError(RPC_INVALID_PARAMETER, 'Block height out of range')
    return bytesToUnprefixedHex(hash)
  },
})
