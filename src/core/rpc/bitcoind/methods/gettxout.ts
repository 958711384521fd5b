import { MEMPOOL_HEIGHT } from '../../../bitcoin/chain/types.js'
import { given, parseHash, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { txOutJson } from '../views.js'

/** `null` when the output does not exist or is spent (by the mempool too, unless include_mempool is false). */
export const gettxout = defineBitcoind({
  name: 'gettxout',
  args: [
    { name: 'txid', type: 'string' },
    { name: 'n', type: 'number' },
    { name: 'include_mempool', type: 'boolean', optional: true },
  ],
  run(context, [txid, n, includeMempool]) {
    const chain = context.read()
    const hash = parseHash(txid, 'txid')
    const index = parseInteger(n, 'n')
    if (index < 0 || index > 0xffffffff) return null
    const mempool = !given(includeMempool) || includeMempool === true
    const utxo = chain.utxo(hash, index, { mempool })
    return utxo ? txOutJson(chain, utxo, utxo.height === MEMPOOL_HEIGHT) : null
  },
})
