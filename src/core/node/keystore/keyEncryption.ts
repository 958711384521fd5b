/**
 * Private keys at rest: scrypt stretches the passphrase into an AES-256-GCM key, so a stored
 * record reveals nothing without the passphrase and a wrong passphrase is detected by the GCM tag
 * (no separate checksum to get wrong). The KDF parameters travel with each record, so records
 * written with other costs stay readable.
 *
 * AES-GCM is the platform's Web Crypto (Node and browsers alike): a portable AES builds its tables
 * when imported, ~9 ms of every extension worker start. keyEncryption.test.ts checks the records
 * against @noble/ciphers' GCM, which wrote them before.
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../util/hex.js'

export interface ScryptParameters {
  N: number
  r: number
  p: number
}

/** 2^14 keeps an unlock around a tenth of a second in pure JS on a laptop: a dev node, not a vault. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 14, r: 8, p: 1 }

export interface EncryptedKey {
  version: 1
  kdf: 'scrypt'
  kdfParams: ScryptParameters
  /** 0x hex. */
  salt: string
  iv: string
  /** AES-GCM ciphertext followed by its 16-byte tag. */
  ciphertext: string
}

/** Loaded on first use (see keyCipher.ts). */
const loadCipher = () => import('./keyCipher.js')

async function deriveKey(
  passphrase: string,
  salt: Uint8Array,
  params: ScryptParameters,
): Promise<Uint8Array> {
  const { scryptAsync } = await loadCipher()
  return scryptAsync(utf8ToBytes(passphrase), salt, { ...params, dkLen: 32 })
}

/** Web Crypto takes bytes over a plain ArrayBuffer: a copy (keys and IVs are a few dozen bytes). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes)

/** The AES-256-GCM key for `subtle`; non-extractable, used once. */
function aesKey(key: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', own(key), 'AES-GCM', false, [usage])
}

export async function encryptPrivateKey(
  privateKey: Uint8Array,
  passphrase: string,
  random: (length: number) => Uint8Array,
  params: ScryptParameters = DEFAULT_SCRYPT,
): Promise<EncryptedKey> {
  const salt = random(32)
  const iv = random(12)
  const key = await aesKey(await deriveKey(passphrase, salt, params), 'encrypt')
  // The ciphertext followed by the 16-byte tag, as GCM records are laid out.
  const ciphertext = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv: own(iv) }, key, own(privateKey)),
  )
  return {
    version: 1,
    kdf: 'scrypt',
    kdfParams: params,
    salt: bytesToHex(salt),
    iv: bytesToHex(iv),
    ciphertext: bytesToHex(ciphertext),
  }
}

/** The private key, or `undefined` when the passphrase is wrong (the GCM tag does not verify). */
export async function decryptPrivateKey(
  record: EncryptedKey,
  passphrase: string,
): Promise<Uint8Array | undefined> {
  const key = await aesKey(await deriveKey(passphrase, hexToBytes(record.salt), record.kdfParams), 'decrypt')
  try {
    const iv = own(hexToBytes(record.iv))
    const ciphertext = own(hexToBytes(record.ciphertext))
    return new Uint8Array(await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ciphertext))
  } catch {
    // The tag did not verify: a wrong passphrase (or a damaged record).
    return undefined
  }
}
