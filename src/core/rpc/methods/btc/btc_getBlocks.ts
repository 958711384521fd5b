/**
 * Handler for `btc_getBlocks`: Bitcoin blocks newest first as `getblock` verbosity 1 shows them —
 * `count` (default 20, at most 100) blocks below height `before` (default: from the best block).
 */
import { blockJson } from '../../bitcoind/views.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { describeValue, object, optional } from '../../params.js'

export const btc_getBlocks = defineMethod({
  name: 'btc_getBlocks',
  params: [optional(object('options'))],
  handler: (context, [options = {}]) => {
    const chain = latestBitcoinChain(context)
    const count = integer(options.count, 'count', 20, 1, 100)
    const before = integer(options.before, 'before', chain.bestHeight() + 1, 0, Number.MAX_SAFE_INTEGER)
    const blocks = []
    for (
      let h = Math.min(before, chain.bestHeight() + 1) - 1;
      h >= chain.genesisHeight && blocks.length < count;
      h--
    ) {
      const stored = chain.blockByHeight(h)
      if (stored) blocks.push(blockJson(chain, stored, 1))
    }
    return blocks
  },
})

function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new InvalidParamsError(
      `invalid options.${name}: expected an integer from ${min} to ${max}, got ${describeValue(value)}`,
    )
  return value
}
