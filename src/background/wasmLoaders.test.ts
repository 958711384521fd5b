import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, it } from 'vitest'
import { nobleBackend, SECP256K1_N, tinySecp256k1Backend } from '../core/chain/secp256k1.js'
import { bigintToPaddedBytes, bytesToHex, type Hex } from '../core/util/hex.js'
import { signLegacyTransaction, signPersonalMessage, useRecoverableSigner } from '../wallet/signer.js'
import { instantiateSecp256k1, secp256k1WasmLoader } from './wasmLoaders.js'

const wasmFile = join(
  dirname(createRequire(import.meta.url).resolve('tiny-secp256k1')),
  '..',
  'secp256k1.wasm',
)

function bytes(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 17 + 7) & 0xff)
}

describe('libsecp256k1 from its .wasm file', () => {
  it('recovers the same public keys as noble for signatures of different keys and hashes', async () => {
    const lib = await instantiateSecp256k1(await readFile(wasmFile))
    for (let i = 1; i <= 20; i++) {
      const key = bytes(32, i)
      const hash = bytes(32, i + 100)
      const signature = secp256k1.Signature.fromBytes(
        secp256k1.sign(hash, key, { prehash: false, lowS: true, format: 'recovered' }),
        'recovered',
      )
      const compact = signature.toBytes('compact')
      const recovered = lib.recover(hash, compact, signature.recovery as 0 | 1, false)
      expect(recovered && bytesToHex(recovered)).toBe(bytesToHex(secp256k1.getPublicKey(key, false)))
      const short = lib.recover(hash, compact, signature.recovery as 0 | 1, true)
      expect(short && bytesToHex(short)).toBe(bytesToHex(secp256k1.getPublicKey(key, true)))
    }
  })

  it('answers null like noble when a signature recovers to no point', async () => {
    const backend = tinySecp256k1Backend(await instantiateSecp256k1(await readFile(wasmFile)))
    const hash = bytes(32, 1)
    // r = 5 is not the x coordinate of a curve point; r and s at the order are out of range.
    const cases: Array<[bigint, bigint, number]> = [
      [5n, 1n, 0],
      [SECP256K1_N - 1n, 1n, 2],
      [1n, SECP256K1_N, 0],
      [0n, 1n, 1],
    ]
    for (const [r, s, recoveryId] of cases) {
      const compact = new Uint8Array([...bigintToPaddedBytes(r, 32), ...bigintToPaddedBytes(s, 32)])
      expect(nobleBackend.recoverPublicKey(hash, compact, recoveryId)).toBeNull()
      expect(backend.recoverPublicKey(hash, compact, recoveryId)).toBeNull()
    }
  })

  it('refuses wrong-sized input instead of reading stale buffer contents', async () => {
    const lib = await instantiateSecp256k1(await readFile(wasmFile))
    expect(lib.recover(new Uint8Array(31), new Uint8Array(64), 0)).toBeNull()
    expect(lib.recover(new Uint8Array(32), new Uint8Array(63), 0)).toBeNull()
  })

  it('rejects, and keeps rejecting, when the file cannot be fetched', async () => {
    const load = secp256k1WasmLoader('http://127.0.0.1:9/missing.wasm')
    await expect(load()).rejects.toThrow()
    await expect(load()).rejects.toThrow()
  })
})

describe('signing with libsecp256k1', () => {
  it('signs transactions and messages byte for byte as noble does (RFC 6979, low S)', async () => {
    const lib = await instantiateSecp256k1(await readFile(wasmFile))
    const transactions = Array.from({ length: 20 }, (_, i) => ({
      nonce: BigInt(i),
      gasPrice: 60_000_000n + BigInt(i),
      gas: 21_000n,
      to: `0x${(i + 1).toString(16).padStart(40, '0')}` as const,
      value: 10n ** BigInt(i),
      data: bytes(i, i),
      chainId: 33,
    }))
    const keys = Array.from({ length: 20 }, (_, i) => bytesToHex(bytes(32, i + 1)))
    const withNoble = transactions.map((tx, i) => signLegacyTransaction(tx, keys[i] as Hex))
    const messages = keys.map((key, i) => signPersonalMessage(bytes(i + 3, i), key as Hex))
    useRecoverableSigner(lib)
    try {
      expect(transactions.map((tx, i) => signLegacyTransaction(tx, keys[i] as Hex))).toEqual(withNoble)
      expect(keys.map((key, i) => signPersonalMessage(bytes(i + 3, i), key as Hex))).toEqual(messages)
    } finally {
      useRecoverableSigner(null)
    }
  })

  it('refuses a key of zero, at or above the curve order, or of the wrong size, and keeps working', async () => {
    const lib = await instantiateSecp256k1(await readFile(wasmFile))
    const hash = bytes(32, 1)
    expect(lib.signRecoverable(hash, new Uint8Array(32))).toBeNull()
    expect(lib.signRecoverable(hash, bigintToPaddedBytes(SECP256K1_N, 32))).toBeNull()
    expect(lib.signRecoverable(hash, new Uint8Array(32).fill(0xff))).toBeNull()
    expect(lib.signRecoverable(hash, bytes(31, 2))).toBeNull()
    expect(lib.signRecoverable(bytes(31, 1), bytes(32, 2))).toBeNull()
    expect(lib.signRecoverable(hash, bigintToPaddedBytes(SECP256K1_N - 1n, 32))).not.toBeNull()
  })
})
