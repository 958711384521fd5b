/** Handler for `rsk_getRawTransactionReceiptByHash`: RSKj's receipt RLP of a mined transaction, or `null`. */
import { encodeReceipt } from '../../../chain/receipt.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { hash } from '../../params.js'

export const rsk_getRawTransactionReceiptByHash = defineMethod({
  name: 'rsk_getRawTransactionReceiptByHash',
  params: [hash('transactionHash', 'transaction hash')],
  handler: async (context, [txHash]) => {
    const location = await context.engine.reader.transactionLocation(txHash)
    if (!location) return null
    const block = await context.engine.reader.blockByNumber(location.blockNumber)
    const receipt = block?.receipts[location.index]
    return receipt ? toData(encodeReceipt(receipt)) : null
  },
})
