import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY } from '../errors.js'
import { decodeRawTransaction } from '../rawTransaction.js'
import { signTransaction } from '../wallet/sign.js'
import { decodeWif } from '../wallet/walletKeys.js'
import { checkSighash } from './signrawtransactionwithwallet.js'

export const signrawtransactionwithkey = defineBitcoind({
  name: 'signrawtransactionwithkey',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'privkeys', type: 'array' },
    { name: 'prevtxs', type: 'array', optional: true },
    { name: 'sighashtype', type: 'string', optional: true },
  ],
  run(context, [hex, privkeys, prevtxs, sighash]) {
    checkSighash(sighash)
    const chain = context.read()
    const keys = (privkeys as unknown[]).map((wif) => {
      const decoded = decodeWif(String(wif), chain.params)
      if (!decoded) throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Invalid private key')
      return decoded.privateKey
    })
    return signTransaction(chain, decodeRawTransaction(hex), keys, prevtxs)
  },
})
