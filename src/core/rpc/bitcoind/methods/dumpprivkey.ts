import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_WALLET_ERROR } from '../errors.js'
import { encodeWif, ownerOf } from '../wallet/walletKeys.js'
import { scriptOfAddress } from './common.js'

export const dumpprivkey = defineBitcoind({
  name: 'dumpprivkey',
  args: [{ name: 'address', type: 'string' }],
  run(context, [address]) {
    const chain = context.read()
    const script = scriptOfAddress(chain, address, 'Invalid Bitcoin address')
    const owner = ownerOf(chain, script)
    if (!owner)
      throw new BitcoindError(RPC_WALLET_ERROR, `Private key for address ${String(address)} is not known`)
    return encodeWif(owner.key, chain.params)
  },
})
