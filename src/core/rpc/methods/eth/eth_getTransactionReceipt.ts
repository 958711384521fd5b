/**
 * Handler for `eth_getTransactionReceipt`: the RSKj receipt, or `null` for unknown and pending
 * transactions. On a fork, a transaction mined upstream at or below the fork block has the
 * upstream's receipt.
 */
import { findReceipt } from '../../../node/engine/upstreamBlocks.js'
import { defineMethod } from '../../defineMethod.js'
import { toReceiptDto } from '../../dto/receiptDto.js'
import { hash } from '../../params.js'

export const eth_getTransactionReceipt = defineMethod({
  name: 'eth_getTransactionReceipt',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const receipt = await findReceipt(context.engine, txHash)
    return receipt ? toReceiptDto(receipt) : null
  },
})
