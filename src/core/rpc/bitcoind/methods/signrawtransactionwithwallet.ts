import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { decodeRawTransaction } from '../rawTransaction.js'
import { signTransaction } from '../wallet/sign.js'
import { walletKeys } from '../wallet/walletKeys.js'

export const signrawtransactionwithwallet = defineBitcoind({
  name: 'signrawtransactionwithwallet',
  args: [
    { name: 'hexstring', type: 'string' },
    { name: 'prevtxs', type: 'array', optional: true },
    { name: 'sighashtype', type: 'string', optional: true },
  ],
  run(context, [hex, prevtxs, sighash]) {
    checkSighash(sighash)
    const chain = context.read()
    const keys = walletKeys(chain)
      .filter((key) => key.compressed)
      .map((key) => key.privateKey)
    return signTransaction(chain, decodeRawTransaction(hex), keys, prevtxs)
  },
})

/** Only SIGHASH_ALL is signed here (`ALL` or `DEFAULT`, as Bitcoin Core spells them). */
export function checkSighash(sighash: unknown): void {
  if (sighash === undefined || sighash === null || sighash === 'ALL' || sighash === 'DEFAULT') return
  throw new BitcoindError(RPC_INVALID_PARAMETER, `${String(sighash)} is not a valid sighash parameter.`)
}
