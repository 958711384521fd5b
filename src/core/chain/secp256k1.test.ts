import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash.js'
import { bytesToHex } from '../util/hex.js'
import {
  enableNativeRecovery,
  nobleBackend,
  RECOVERY_SELF_TEST,
  recoveryBackend,
  setRecoveryBackend,
} from './secp256k1.js'

describe('recovery self-test vector', () => {
  test('is keccak256("rsk") signed by keccak256("cow"), recovering the cow public key with noble', () => {
    const key = keccak256(Uint8Array.of(0x63, 0x6f, 0x77))
    expect(bytesToHex(RECOVERY_SELF_TEST.hash)).toBe(bytesToHex(keccak256(Uint8Array.of(0x72, 0x73, 0x6b))))
    expect(bytesToHex(RECOVERY_SELF_TEST.publicKey)).toBe(bytesToHex(secp256k1.getPublicKey(key, false)))
    const recovered = nobleBackend.recoverPublicKey(
      RECOVERY_SELF_TEST.hash,
      RECOVERY_SELF_TEST.signature,
      RECOVERY_SELF_TEST.recoveryId,
    )
    expect(recovered && bytesToHex(recovered)).toBe(bytesToHex(RECOVERY_SELF_TEST.publicKey))
  })

  test('a backend that recovers something else is refused', () => {
    const liar = { name: 'libsecp256k1-wasm' as const, recoverPublicKey: () => new Uint8Array(65) }
    expect(setRecoveryBackend(liar)).toBe(false)
  })

  test('the native binding loads in Node and becomes the backend', async () => {
    expect(await enableNativeRecovery()).toBe(true)
    expect(recoveryBackend()).toBe('libsecp256k1-native')
    setRecoveryBackend(nobleBackend)
  })
})
