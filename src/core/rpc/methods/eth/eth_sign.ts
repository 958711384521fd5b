/**
 * Handler for `eth_sign(address, data)`: the 65-byte `r‖s‖v` (v 27/28) signature of
 * keccak256("\x19Ethereum Signed Message:\n" + len + data) by a node account. The account must be
 * unlocked; otherwise, and for an unknown account, RSKj's -32602 `Account not found`.
 */
import { signHash } from '../../../chain/secp256k1.js'
import { keccak256 } from '../../../crypto/hash.js'
import { keystoreOf } from '../../../node/keystore/engineKeystore.js'
import { bigintToPaddedBytes, concatBytes, utf8ToBytes } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { address, data } from '../../params.js'

export function personalMessageHash(message: Uint8Array): Uint8Array {
  return keccak256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), message))
}

export const eth_sign = defineMethod({
  name: 'eth_sign',
  params: [address('address'), data('message')],
  handler: async (context, [signer, message]) => {
    const keystore = await keystoreOf(context.engine)
    const privateKey = keystore.unlockedKey(signer)
    if (!privateKey) throw new InvalidParamsError('Account not found')
    const { r, s, recoveryId } = signHash(personalMessageHash(message), privateKey)
    return toData(
      concatBytes(bigintToPaddedBytes(r, 32), bigintToPaddedBytes(s, 32), Uint8Array.of(27 + recoveryId)),
    )
  },
})
