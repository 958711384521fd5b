/**
 * Handler for `rsk_getTransactionReceiptNodesByHash(blockHash, txHash)`: the receipts-trie nodes
 * (RSKj binary trie, `Trie.toMessage()`) on the path to the transaction's index, the node holding
 * the receipt first and the root last; `null` when the transaction is not in that block. An
 * unknown block is `null` too (RSKj fails there with a NullPointerException, -32603).
 */
import { encodeReceipt } from '../../../chain/receipt.js'
import { orderedTrieNodes } from '../../../chain/rskTrieProof.js'
import { equalBytes } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { hash } from '../../params.js'

export const rsk_getTransactionReceiptNodesByHash = defineMethod({
  name: 'rsk_getTransactionReceiptNodesByHash',
  params: [hash('blockHash', 'block hash'), hash('transactionHash', 'transaction hash')],
  handler: async (context, [blockHash, txHash]) => {
    const block = await context.engine.reader.blockByHash(blockHash)
    if (!block) return null
    const index = block.transactions.findIndex((tx) => equalBytes(tx.hash, txHash))
    if (index < 0) return null
    const nodes = orderedTrieNodes(block.receipts.map(encodeReceipt), index)
    return nodes ? nodes.map(toData) : null
  },
})
