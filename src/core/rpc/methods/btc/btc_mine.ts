/**
 * Handler for `btc_mine`: mines `count` Bitcoin blocks (default 1, at most 1,000) with the mempool's
 * transactions, the coinbase paying `address` (default: an address nobody holds); answers their
 * hashes. With automine on, one RSK block follows (afterBitcoinBlocks.ts).
 */
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { afterBitcoinBlocks } from '../../btc/afterBitcoinBlocks.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { btcAddressScript } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'
import { inRange } from '../../limits.js'
import { integerLike, optional, string } from '../../params.js'

export const MAX_BTC_MINE_BLOCKS = 1000n

export const btc_mine = defineMethod({
  name: 'btc_mine',
  params: [optional(inRange(integerLike('count'), 1n, MAX_BTC_MINE_BLOCKS)), optional(string('address'))],
  handler: async (context, [count = 1n, address]) => {
    const payout =
      address === undefined ? undefined : btcAddressScript(context.network, address, 'argument 1')
    const blocks = await editBitcoinChain(context.engine, (chain) => chain.mine(Number(count), payout))
    await afterBitcoinBlocks(context.engine)
    return blocks.map((b) => btcHex(b.hash))
  },
})
