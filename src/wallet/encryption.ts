/**
 * MetaMask's `x25519-xsalsa20-poly1305` encryption (NaCl's `box`), for
 * `eth_getEncryptionPublicKey` and `eth_decrypt`: the account's private key is the X25519 secret
 * key, the public key is given in base64, and a message is `{ version, nonce, ephemPublicKey,
 * ciphertext }` (base64 fields), passed to `eth_decrypt` as the hex of its JSON text.
 * Curves from @noble/curves, the cipher from @noble/ciphers.
 */
import { hsalsa, xsalsa20poly1305 } from '@noble/ciphers/salsa.js'
import { x25519 } from '@noble/curves/ed25519.js'
import { base64 } from '@scure/base'
import { bytesToHex, hexToBytes } from '../core/util/hex.js'
import { InvalidParamsError } from './errors.js'

const ENCRYPTION_VERSION = 'x25519-xsalsa20-poly1305'

export interface EncryptedMessage {
  version: string
  nonce: string
  ephemPublicKey: string
  ciphertext: string
}

/** The base64 X25519 public key of an account (NaCl `box.keyPair.fromSecretKey`). */
export function encryptionPublicKey(privateKey: string): string {
  return base64.encode(x25519.getPublicKey(hexToBytes(privateKey)))
}

const u32 = (bytes: Uint8Array) => {
  const copy = new Uint8Array(bytes)
  return new Uint32Array(copy.buffer, 0, copy.length / 4)
}
/** "expand 32-byte k", the Salsa20 constant. */
const SIGMA = new Uint32Array([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574])

/** NaCl `box.before`: HSalsa20 of the X25519 shared secret with a zero nonce. */
function boxKey(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const shared = x25519.getSharedSecret(secretKey, publicKey)
  const out = new Uint32Array(8)
  hsalsa(SIGMA, u32(shared), new Uint32Array(4), out)
  return new Uint8Array(out.buffer)
}

/** Encrypts as MetaMask's library does (used by tests and the panel; dApps encrypt themselves). */
export function encryptFor(
  publicKey: string,
  message: string,
  ephemeralSecret: Uint8Array,
  nonce: Uint8Array,
) {
  const key = boxKey(ephemeralSecret, base64.decode(publicKey))
  return {
    version: ENCRYPTION_VERSION,
    nonce: base64.encode(nonce),
    ephemPublicKey: base64.encode(x25519.getPublicKey(ephemeralSecret)),
    ciphertext: base64.encode(xsalsa20poly1305(key, nonce).encrypt(new TextEncoder().encode(message))),
  }
}

/**
 * Reads `eth_decrypt`'s first parameter: MetaMask's form, the hex of the JSON text, and leniently
 * the JSON text or the object itself.
 */
export function parseEncryptedMessage(input: unknown): EncryptedMessage {
  let value: unknown = input
  if (typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value)) {
    try {
      value = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(value))
    } catch {
      throw new InvalidParamsError('eth_decrypt: the message is not the hex of a JSON text')
    }
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      throw new InvalidParamsError('eth_decrypt: the message is not the hex of a JSON text')
    }
  }
  if (!value || typeof value !== 'object')
    throw new InvalidParamsError('eth_decrypt: expected an encrypted message')
  const m = value as Record<string, unknown>
  if (m.version !== ENCRYPTION_VERSION)
    throw new InvalidParamsError(
      `eth_decrypt: encryption type/version not supported (${ENCRYPTION_VERSION} only)`,
    )
  for (const field of ['nonce', 'ephemPublicKey', 'ciphertext'] as const)
    if (typeof m[field] !== 'string')
      throw new InvalidParamsError(`eth_decrypt: ${field} is missing or not base64`)
  return m as unknown as EncryptedMessage
}

/** Decrypts with the account's key; throws InvalidParamsError "Decryption failed." as MetaMask does. */
export function decryptMessage(message: EncryptedMessage, privateKey: string): string {
  try {
    const nonce = base64.decode(message.nonce)
    const ephemeral = base64.decode(message.ephemPublicKey)
    const ciphertext = base64.decode(message.ciphertext)
    if (nonce.length !== 24 || ephemeral.length !== 32) throw new Error('bad sizes')
    const key = boxKey(hexToBytes(privateKey), ephemeral)
    const plain = xsalsa20poly1305(key, nonce).decrypt(ciphertext)
    return new TextDecoder('utf-8', { fatal: true }).decode(plain)
  } catch {
    throw new InvalidParamsError('Decryption failed.')
  }
}

export const encryptedMessageHex = (message: EncryptedMessage): string =>
  bytesToHex(new TextEncoder().encode(JSON.stringify(message)))
