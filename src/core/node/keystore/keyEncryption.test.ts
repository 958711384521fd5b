import { gcm } from '@noble/ciphers/aes.js'
import { scrypt } from '@noble/hashes/scrypt.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../util/hex.js'
import {
  decryptPrivateKey,
  type EncryptedKey,
  encryptPrivateKey,
  type ScryptParameters,
} from './keyEncryption.js'

// Cheap parameters: the tests are about the record layout, not the KDF's cost.
const FAST: ScryptParameters = { N: 2 ** 4, r: 8, p: 1 }
const privateKey = hexToBytes('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')
const counter = () => {
  let next = 1
  return (length: number) => Uint8Array.from({ length }, () => next++ & 0xff)
}

describe('private keys at rest', () => {
  it('write AES-256-GCM records that @noble/ciphers decrypts with the scrypt key', async () => {
    const record = await encryptPrivateKey(privateKey, 'correct horse', counter(), FAST)
    const key = scrypt(utf8ToBytes('correct horse'), hexToBytes(record.salt), { ...FAST, dkLen: 32 })
    const plain = gcm(key, hexToBytes(record.iv)).decrypt(hexToBytes(record.ciphertext))
    expect(bytesToHex(plain)).toBe(bytesToHex(privateKey))
    expect(hexToBytes(record.ciphertext)).toHaveLength(32 + 16)
  })

  it('read records written with @noble/ciphers, as earlier versions stored them', async () => {
    const salt = counter()(32)
    const iv = Uint8Array.from({ length: 12 }, (_, i) => 200 + i)
    const key = scrypt(utf8ToBytes('pw'), salt, { ...FAST, dkLen: 32 })
    const record: EncryptedKey = {
      version: 1,
      kdf: 'scrypt',
      kdfParams: FAST,
      salt: bytesToHex(salt),
      iv: bytesToHex(iv),
      ciphertext: bytesToHex(gcm(key, iv).encrypt(privateKey)),
    }
    expect(bytesToHex((await decryptPrivateKey(record, 'pw'))!)).toBe(bytesToHex(privateKey))
  })

  it('answer undefined for a wrong passphrase or a tampered ciphertext', async () => {
    const record = await encryptPrivateKey(privateKey, 'pw', counter(), FAST)
    expect(await decryptPrivateKey(record, 'not it')).toBeUndefined()
    const bytes = hexToBytes(record.ciphertext)
    bytes[0] = (bytes[0] ?? 0) ^ 1
    expect(await decryptPrivateKey({ ...record, ciphertext: bytesToHex(bytes) }, 'pw')).toBeUndefined()
  })
})
