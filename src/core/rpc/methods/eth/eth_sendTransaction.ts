/**
 * Handler for `eth_sendTransaction`: signs with an unlocked node account and pools it (mined at
 * once under automine). RSKj texts: -32602 `from is null`, `Could not find account for address: <from>`
 * (unknown or locked account), `Invalid chainId: <x>`; pool refusals -32010.
 */
import { isImpersonated, sendImpersonatedRequest } from '../../../node/engine/impersonation.js'
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { defineMethod } from '../../defineMethod.js'
import { toData32 } from '../../encode.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { callRequest } from '../../objectParams.js'
import { sendSignedByNode } from '../nodeTransactions.js'

export const eth_sendTransaction = defineMethod({
  name: 'eth_sendTransaction',
  params: [callRequest('transaction')],
  handler: async (context, [request]) => {
    if (!request.from) throw new InvalidParamsError('from is null')
    const keystore = await keystoreOf(context.engine)
    const privateKey = keystore.unlockedKey(request.from)
    if (privateKey) return sendSignedByNode(context.engine, request, request.from, privateKey)
    // anvil_impersonateAccount / autoImpersonate: sent without a key, as Anvil and Hardhat do.
    if (isImpersonated(context.engine, request.from))
      return toData32(await sendImpersonatedRequest(context.engine, request.from, request))
    throw new InvalidParamsError(`Could not find account for address: ${request.from}`)
  },
})
