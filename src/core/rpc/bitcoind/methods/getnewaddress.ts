import { scriptToAddress } from '../../../bitcoin/address.js'
import type { PaymentKind } from '../../../bitcoin/chain/wallet.js'
import { given } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_WALLET_INVALID_LABEL_NAME } from '../errors.js'
import { handOutKey, scriptOf } from '../wallet/walletKeys.js'

const KINDS: Readonly<Record<string, PaymentKind>> = {
  legacy: 'p2pkh',
  'p2sh-segwit': 'p2sh-p2wpkh',
  bech32: 'p2wpkh',
}

/** A fresh wallet key's address; bech32 by default, as Bitcoin Core. */
export async function newAddress(
  context: Parameters<typeof getnewaddress.run>[0],
  typeParam: unknown,
): Promise<string> {
  const type = given(typeParam) ? String(typeParam) : 'bech32'
  const kind = KINDS[type]
  if (!kind) {
    if (type === 'bech32m') throw new BitcoindError(-12, 'Error: This wallet has no available keys')
    throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, `Unknown address type '${type}'`)
  }
  return context.edit((chain) => {
    const key = handOutKey(chain)
    return scriptToAddress(scriptOf(key, kind), chain.params) as string
  })
}

export const getnewaddress = defineBitcoind({
  name: 'getnewaddress',
  args: [
    { name: 'label', type: 'string', optional: true },
    { name: 'address_type', type: 'string', optional: true },
  ],
  run(context, [label, type]) {
    if (label === '*') throw new BitcoindError(RPC_WALLET_INVALID_LABEL_NAME, "Invalid label name '*'")
    return newAddress(context, type)
  },
})
