import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_METHOD_NOT_FOUND } from '../errors.js'

/** Removed from Bitcoin Core (0.19); answered as it answers it, pointing at its replacement. */
export const generate = defineBitcoind({
  name: 'generate',
  args: [
    { name: 'nblocks', type: 'any', optional: true },
    { name: 'maxtries', type: 'any', optional: true },
  ],
  run() {
    throw new BitcoindError(
      RPC_METHOD_NOT_FOUND,
      'generate\n\nhas been replaced by the -generate cli option. Refer to -help for more information.',
    )
  },
})
