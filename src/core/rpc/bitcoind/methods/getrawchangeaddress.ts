import { defineBitcoind } from '../context.js'
import { newAddress } from './getnewaddress.js'

/** Change addresses come from the same keys as `getnewaddress` (the dev wallet has one key chain). */
export const getrawchangeaddress = defineBitcoind({
  name: 'getrawchangeaddress',
  args: [{ name: 'address_type', type: 'string', optional: true }],
  run: (context, [type]) => newAddress(context, type),
})
