import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'

export const getbestblockhash = defineBitcoind({
  name: 'getbestblockhash',
  args: [],
  run: (context) => bytesToUnprefixedHex(context.read().bestHash()),
})
