/**
 * Handler for `eth_sendRawTransaction`: legacy RLP transactions only (Rootstock has no typed
 * transactions). Pool refusals are -32010 with RSKj's texts; under automine the transaction is in
 * a committed block before the hash is returned.
 */
import { defineMethod } from '../../defineMethod.js'
import { toData32 } from '../../encode.js'
import { data } from '../../params.js'

export const eth_sendRawTransaction = defineMethod({
  name: 'eth_sendRawTransaction',
  params: [data('signedTransaction')],
  handler: async (context, [raw]) => toData32(await context.engine.sendRawTransaction(raw)),
})
