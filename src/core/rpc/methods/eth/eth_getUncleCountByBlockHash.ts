/**
 * Handler for `eth_getUncleCountByBlockHash`: `0x0` (this node mines no uncles; an upstream block
 * below a fork block has its own); an unknown block
 * is RSKj's -32600 `Block with hash <hash> not found`, the hash written without `0x` as RSKj's
 * `Keccak256.toString()` does.
 */
import { findBlock, uncleCountOf } from '../../../node/engine/upstreamBlocks.js'
import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { InvalidRequestError } from '../../errors/rpc.js'
import { hash } from '../../params.js'

export const eth_getUncleCountByBlockHash = defineMethod({
  name: 'eth_getUncleCountByBlockHash',
  params: [hash('blockHash', 'block hash')],
  handler: async (context, [blockHash]) => {
    const found = await findBlock(context.engine, { kind: 'hash', hash: blockHash })
    if (!found) throw new InvalidRequestError(`Block with hash ${bytesToUnprefixedHex(blockHash)} not found`)
    return toQuantity(uncleCountOf(found))
  },
})
