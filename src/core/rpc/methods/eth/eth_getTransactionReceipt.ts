/** Handler for `eth_getTransactionReceipt`: the RSKj receipt, or `null` for unknown and pending transactions. */
import { receiptView } from '../../../node/engine/blockViews.js'
import { defineMethod } from '../../defineMethod.js'
import { toReceiptDto } from '../../dto/receiptDto.js'
import { hash } from '../../params.js'

export const eth_getTransactionReceipt = defineMethod({
  name: 'eth_getTransactionReceipt',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const location = await context.engine.reader.transactionLocation(txHash)
    if (!location) return null
    const found = await context.engine.reader.blockByNumber(location.blockNumber)
    return found ? toReceiptDto(receiptView(found, location.index)) : null
  },
})
