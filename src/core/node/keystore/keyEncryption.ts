/**
 * Private keys at rest: scrypt stretches the passphrase into an AES-256-GCM key, so a stored
 * record reveals nothing without the passphrase and a wrong passphrase is detected by the GCM tag
 * (no separate checksum to get wrong). The KDF parameters travel with each record, so records
 * written with other costs stay readable.
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

export async function encryptPrivateKey(
  privateKey: Uint8Array,
  passphrase: string,
  random: (length: number) => Uint8Array,
  params: ScryptParameters = DEFAULT_SCRYPT,
): Promise<EncryptedKey> {
  const salt = random(32)
  const iv = random(12)
  const key = await deriveKey(passphrase, salt, params)
  const { gcm } = await loadCipher()
  const ciphertext = gcm(key, iv).encrypt(privateKey)
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
  const key = await deriveKey(passphrase, hexToBytes(record.salt), record.kdfParams)
  const { gcm } = await loadCipher()
  try {
    return gcm(key, hexToBytes(record.iv)).decrypt(hexToBytes(record.ciphertext))
  } catch {
    return undefined
  }
}
