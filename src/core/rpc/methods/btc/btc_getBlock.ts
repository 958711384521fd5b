/** Handler for `btc_getBlock`: one Bitcoin block by hash or height, as `getblock` verbosity 2 shows it. */
import type { StoredBtcBlock } from '../../../bitcoin/chain/types.js'

import { hexToBytes } from '../../../util/hex.js'
import { blockJson } from '../../bitcoind/views.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { anyJson, describeValue } from '../../params.js'

export const btc_getBlock = defineMethod({
  name: 'btc_getBlock',
  params: [anyJson('block')],
  handler: (context, [block]) => {
    const chain = latestBitcoinChain(context)
    let stored: StoredBtcBlock | undefined
    if (typeof block === 'number' && Number.isSafeInteger(block) && block >= 0)
      stored = chain.blockByHeight(block)
    else if (typeof block === 'string' && /^(0x)?[0-9a-fA-F]{64}$/.test(block))
      stored = chain.blockByHash(hexToBytes(block.startsWith('0x') ? block : `0x${block}`))
    else
      throw new InvalidParamsError(
        `invalid argument 0: expected a Bitcoin block hash (64 hex digits) or a height, got ${describeValue(block)}`,
      )
    return stored ? blockJson(chain, stored, 2) : null
  },
})
