/**
 * `personal_ecRecover` [message, signature]: the address that signed `message` with
 * personal_sign (EIP-191), lowercase, as MetaMask answers it. Needs no account or approval.
 */
import { hexToBytes } from '../../core/util/hex.js'
import { InvalidParamsError } from '../errors.js'
import { messageBytes, recoverPersonalSigner } from '../signer.js'
import type { WalletMethod } from './kit.js'

export const personal_ecRecover: WalletMethod = async (_kit, params) => {
  const [message, signature] = params
  if (typeof message !== 'string')
    throw new InvalidParamsError('personal_ecRecover: expected the message as a string')
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature))
    throw new InvalidParamsError('personal_ecRecover: expected a 65-byte signature as hex')
  const signer = recoverPersonalSigner(messageBytes(message), hexToBytes(signature))
  if (!signer) throw new InvalidParamsError('personal_ecRecover: the signature does not recover an address')
  return signer
}
