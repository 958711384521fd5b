/**
 * `eth_getEncryptionPublicKey` [address]: the account's X25519 public key in base64 (MetaMask's
 * `x25519-xsalsa20-poly1305`), after approval; the account must be granted to the origin.
 */
import { describeSimple } from '../describe.js'
import { encryptionPublicKey } from '../encryption.js'
import type { WalletMethod } from './kit.js'

export const eth_getEncryptionPublicKey: WalletMethod = async (kit, params) => {
  const account = await kit.authorizedAccount(params[0])
  await kit.approve(
    'eth_getEncryptionPublicKey',
    params,
    describeSimple('Share the public encryption key', [{ label: 'Account', value: account.address }]),
  )
  return encryptionPublicKey(account.privateKey)
}
