/** Handler for `eth_getTransactionByBlockHashAndIndex`: the transaction object, `null` for an unknown block or index. */
import { findBlock, transactionAt } from '../../../node/engine/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { toTransactionDto } from '../../dto/transactionDto.js'
import { hash } from '../../params.js'
import { hexIndex } from '../nodeParams.js'

export const eth_getTransactionByBlockHashAndIndex = defineMethod({
  name: 'eth_getTransactionByBlockHashAndIndex',
  params: [hash('blockHash', 'block hash'), hexIndex('index')],
  handler: async (context, [blockHash, index]) => {
    const found = await findBlock(context.engine, { kind: 'hash', hash: blockHash })
    const tx = found && transactionAt(found, index)
    return tx ? toTransactionDto(tx) : null
  },
})
