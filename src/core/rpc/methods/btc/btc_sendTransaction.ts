/**
 * Handler for `btc_sendTransaction`: a payment from a dev account's Bitcoin key (the key of its RSK
 * address) to `to`, with an optional OP_RETURN (an RSKIP170 peg-in instruction, say); signed by the
 * node, left in the mempool; its txid. `type` picks the key's address kind: p2pkh (default),
 * p2wpkh or p2sh-p2wpkh.
 */
import type { PaymentKind } from '../../../bitcoin/chain/wallet.js'
import { buildPayment } from '../../../bitcoin/chain/wallet.js'
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { hexToBytes } from '../../../util/hex.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { btcAddressScript, devAccount, satoshis } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { describeValue, object, parseAddress, parseData } from '../../params.js'

const KINDS: readonly PaymentKind[] = ['p2pkh', 'p2wpkh', 'p2sh-p2wpkh']

export const btc_sendTransaction = defineMethod({
  name: 'btc_sendTransaction',
  params: [object('transaction')],
  handler: async (context, [request]) => {
    const from = field(() => parseAddress(request.from), 'from', 'an RSK dev account address')
    const account = devAccount(from, 'transaction.from')
    if (typeof request.to !== 'string')
      throw new InvalidParamsError(
        `invalid transaction.to: expected a Bitcoin address, got ${describeValue(request.to)}`,
      )
    const script = btcAddressScript(context.network, request.to, 'transaction.to')
    const value = satoshis(request.value, 'transaction.value')
    const opReturn =
      request.opReturn === undefined
        ? undefined
        : field(() => parseData(request.opReturn), 'opReturn', 'hex data')
    if (opReturn && opReturn.length > 80)
      throw new InvalidParamsError('invalid transaction.opReturn: at most 80 bytes fit an OP_RETURN output')
    const kind = request.type ?? 'p2pkh'
    if (!KINDS.includes(kind as PaymentKind))
      throw new InvalidParamsError(
        `invalid transaction.type: expected one of ${KINDS.join(', ')}, got ${describeValue(kind)}`,
      )
    const txid = await editBitcoinChain(context.engine, (chain) =>
      chain.submit(
        buildPayment(chain, {
          privateKey: hexToBytes(account.privateKey),
          outputs: [{ value, scriptPubKey: script }],
          opReturn,
          kind: kind as PaymentKind,
        }),
      ),
    )
    return btcHex(txid)
  },
})

function field<T>(parse: () => T, name: string, expected: string): T {
  try {
    return parse()
  } catch {
    throw new InvalidParamsError(`invalid transaction.${name}: expected ${expected}`)
  }
}
