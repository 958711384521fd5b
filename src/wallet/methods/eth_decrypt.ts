/**
 * `eth_decrypt` [encryptedMessage, address]: decrypts a message encrypted to the account's
 * encryption public key (MetaMask's `x25519-xsalsa20-poly1305`, the hex of its JSON); the approval
 * shows the text. A message that does not decrypt answers "Decryption failed." as MetaMask does.
 */
import { describeSimple } from '../describe.js'
import { decryptMessage, parseEncryptedMessage } from '../encryption.js'
import type { WalletMethod } from './kit.js'

export const eth_decrypt: WalletMethod = async (kit, params) => {
  const account = await kit.authorizedAccount(params[1])
  const text = decryptMessage(parseEncryptedMessage(params[0]), account.privateKey)
  await kit.approve(
    'eth_decrypt',
    params,
    describeSimple('Decrypt a message', [
      { label: 'Account', value: account.address },
      { label: 'Message', value: text },
    ]),
  )
  return text
}
