/**
 * Handler for `personal_dumpRawKey(address)`: `0x` + the 32-byte private key of an unlocked
 * account. Locked or unknown: RSKj throws a plain exception (answered -32603 `Internal server
 * error`); here -32000 with RSKj's exception text, because -32603 means a node bug and clients
 * such as viem retry it.
 */
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { ServerError } from '../../errors/rpc.js'
import { address } from '../../params.js'

export const personal_dumpRawKey = defineMethod({
  name: 'personal_dumpRawKey',
  params: [address('address')],
  handler: async (context, [account]) => {
    const key = (await keystoreOf(context.engine)).unlockedKey(account)
    if (!key) throw new ServerError('Address private key is locked or could not be found in this node')
    return toData(key)
  },
})
