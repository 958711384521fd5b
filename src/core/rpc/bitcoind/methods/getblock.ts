import { given } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { blockHex, blockJson } from '../views.js'
import { blockByHashParam } from './common.js'

/** Verbosity 0 is the block's hex, 1 lists txids, 2 decodes every transaction with its fee, 3 adds spent outputs. */
export const getblock = defineBitcoind({
  name: 'getblock',
  args: [
    { name: 'blockhash', type: 'string' },
    { name: 'verbosity', type: 'numberOrBool', optional: true },
  ],
  run(context, [hash, verbosity]) {
    const chain = context.read()
    const stored = blockByHashParam(chain, hash)
    const level = !given(verbosity) ? 1 : typeof verbosity === 'boolean' ? (verbosity ? 1 : 0) : verbosity
    if (typeof level !== 'number' || !Number.isInteger(level)) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Verbosity must be an integer')
    }
    if (level <= 0) return blockHex(stored)
    return blockJson(chain, stored, level === 1 ? 1 : level === 2 ? 2 : 3)
  },
})
