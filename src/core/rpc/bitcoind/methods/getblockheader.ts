import { given } from '../args.js'
import { defineBitcoind } from '../context.js'
import { blockHeaderHex, blockHeaderJson } from '../views.js'
import { blockByHashParam } from './common.js'

export const getblockheader = defineBitcoind({
  name: 'getblockheader',
  args: [
    { name: 'blockhash', type: 'string' },
    { name: 'verbose', type: 'boolean', optional: true },
  ],
  run(context, [hash, verbose]) {
    const chain = context.read()
    const stored = blockByHashParam(chain, hash)
    return given(verbose) && verbose === false ? blockHeaderHex(stored) : blockHeaderJson(chain, stored)
  },
})
