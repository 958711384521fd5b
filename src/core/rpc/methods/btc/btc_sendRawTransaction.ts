/**
 * Handler for `btc_sendRawTransaction`: validates a raw Bitcoin transaction (hex, with or without
 * 0x, as Bitcoin tools write it) into the mempool; its txid. Refusals carry Bitcoin Core's code.
 */
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { hexToBytes } from '../../../util/hex.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { string } from '../../params.js'

export const btc_sendRawTransaction = defineMethod({
  name: 'btc_sendRawTransaction',
  params: [string('transaction')],
  handler: async (context, [hex]) => {
    const digits = hex.startsWith('0x') ? hex.slice(2) : hex
    if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(digits))
      throw new InvalidParamsError(
        'invalid argument 0: expected a raw Bitcoin transaction as hex (two digits a byte)',
      )
    const raw = hexToBytes(`0x${digits}`)
    return btcHex(await editBitcoinChain(context.engine, (chain) => chain.submit(raw)))
  },
})
