/**
 * Handler for `personal_sendTransaction(tx, passphrase)`: like `eth_sendTransaction`, signed with
 * the key the passphrase decrypts, without unlocking the account. Unknown account or wrong
 * passphrase: -32000 with RSKj's exception text (RSKj answers -32603 `Internal server error`,
 * which here is kept for node bugs).
 */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError, ServerError } from '../../errors/rpc.js'
import { callRequest } from '../../objectParams.js'
import { string } from '../../params.js'
import { sendSignedByNode } from '../nodeTransactions.js'

export const personal_sendTransaction = defineMethod({
  name: 'personal_sendTransaction',
  params: [callRequest('transaction'), string('passphrase')],
  handler: async (context, [request, passphrase]) => {
    if (!request.from) throw new InvalidParamsError('from is null')
    const key = await (await keystoreOf(context.engine)).keyWithPassphrase(request.from, passphrase)
    if (!key) throw new ServerError('From address private key could not be found in this node')
    return sendSignedByNode(context.engine, request, request.from, key)
  },
})
