import { bn254 } from '@noble/curves/bn254.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { keccak256 } from '../../crypto/hash.js'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../util/hex.js'
import type { PrecompileContext } from '../types.js'
import { bigToPadded, ecrecover, identity, ripemd160Precompile, sha256Precompile } from './basic.js'
import { blake2f } from './blake2f.js'
import { bn254Add, bn254Mul, bn254Pairing } from './bn254.js'
import { modexp } from './modexp.js'

const ctx = {} as PrecompileContext
const word = (n: bigint) => bigToPadded(n, 32)

describe('hash precompiles', () => {
  test('sha256 and ripemd160 of "abc" with their word prices', () => {
    const abc = utf8ToBytes('abc')
    expect(bytesToHex(sha256Precompile.run(abc, ctx))).toBe(
      '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(bytesToHex(ripemd160Precompile.run(abc, ctx))).toBe(
      '0x0000000000000000000000008eb208f7e05d987a9b044a8e98c6b087f15a0bfc',
    )
    expect(sha256Precompile.gas(new Uint8Array(33))).toBe(60n + 24n)
    expect(ripemd160Precompile.gas(new Uint8Array(32))).toBe(720n)
    expect(identity.gas(new Uint8Array(65))).toBe(15n + 9n)
    expect(identity.run(abc, ctx)).toEqual(abc)
  })
})

describe('ecrecover', () => {
  const privateKey = hexToBytes('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')
  const hash = keccak256(utf8ToBytes('rootstock'))
  const signature = secp256k1.sign(hash, privateKey, { prehash: false, format: 'recovered' })
  const recovery = signature[0]!
  const rs = signature.subarray(1)
  const expected = keccak256(secp256k1.getPublicKey(privateKey, false).subarray(1)).subarray(12)

  test('recovers the signer address', () => {
    const input = concatBytes(hash, word(27n + BigInt(recovery)), rs)
    expect(bytesToHex(ecrecover.run(input, ctx))).toBe(bytesToHex(concatBytes(new Uint8Array(12), expected)))
    expect(ecrecover.gas(input)).toBe(3000n)
  })

  test('reads only the last byte of v, as RSKj does', () => {
    const v = word(27n + BigInt(recovery))
    v[0] = 0xff
    expect(ecrecover.run(concatBytes(hash, v, rs), ctx).length).toBe(32)
  })

  test('returns nothing for an invalid v or a short input', () => {
    expect(ecrecover.run(concatBytes(hash, word(29n), rs), ctx).length).toBe(0)
    expect(ecrecover.run(hash, ctx).length).toBe(0)
  })
})

describe('modexp', () => {
  test('EIP-198 example: 3^(p-2) mod p = 1 for 13056 gas', () => {
    const p = hexToBytes('0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f')
    const e = hexToBytes('0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e')
    const input = concatBytes(word(1n), word(32n), word(32n), Uint8Array.of(3), e, p)
    expect(modexp.gas(input)).toBe(13056n)
    expect(modexp.run(input, ctx)).toEqual(word(1n))
  })

  test('a zero modulus gives zeros of the modulus length; empty lengths give nothing', () => {
    const input = concatBytes(word(1n), word(1n), word(2n), Uint8Array.of(5, 3, 0, 0))
    expect(modexp.run(input, ctx)).toEqual(new Uint8Array(2))
    expect(modexp.run(new Uint8Array(0), ctx).length).toBe(0)
  })
})

describe('alt_bn128', () => {
  const P = bn254.fields.Fp.ORDER
  const G1 = concatBytes(word(1n), word(2n))
  const DOUBLE = concatBytes(
    word(0x030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3n),
    word(0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4n),
  )
  // G2 generator of EIP-197, imaginary parts first
  const G2 = concatBytes(
    word(11559732032986387107991004021392285783925812861821192530917403151452391805634n),
    word(10857046999023057135944570762232829481370756359578518086990519993285655852781n),
    word(4082367875863433681332203403145435568316851327593401208105741076214120093531n),
    word(8495653923123431417604973247489272438418190587263600148770280649306958101930n),
  )

  test('adds and multiplies G1 points at 150 and 6000 gas', () => {
    expect(bn254Add.run(concatBytes(G1, G1), ctx)).toEqual(DOUBLE)
    expect(bn254Mul.run(concatBytes(G1, word(2n)), ctx)).toEqual(DOUBLE)
    expect(bn254Add.run(new Uint8Array(0), ctx)).toEqual(new Uint8Array(64))
    expect(bn254Add.gas(new Uint8Array(0))).toBe(150n)
    expect(bn254Mul.gas(new Uint8Array(0))).toBe(6000n)
  })

  test('rejects points off the curve', () => {
    expect(() => bn254Add.run(concatBytes(word(1n), word(3n)), ctx)).toThrow()
  })

  test('pairing check: e(G1, G2) · e(-G1, G2) = 1, and costs 45000 + 34000 per pair', () => {
    const negG1 = concatBytes(word(1n), word(P - 2n))
    const input = concatBytes(G1, G2, negG1, G2)
    expect(bn254Pairing.run(input, ctx)).toEqual(word(1n))
    expect(bn254Pairing.run(concatBytes(G1, G2), ctx)).toEqual(word(0n))
    expect(bn254Pairing.run(new Uint8Array(0), ctx)).toEqual(word(1n))
    expect(bn254Pairing.gas(input)).toBe(45000n + 68000n)
    expect(() => bn254Pairing.run(new Uint8Array(100), ctx)).toThrow()
  })
})

describe('blake2f', () => {
  const h = hexToBytes(
    '0x48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b',
  )
  const m = new Uint8Array(128)
  m.set(utf8ToBytes('abc'))
  const counters = concatBytes(Uint8Array.of(3, 0, 0, 0, 0, 0, 0, 0), new Uint8Array(8))

  test('EIP-152 vector 5: 12 rounds of "abc" for 12 gas', () => {
    const input = concatBytes(Uint8Array.of(0, 0, 0, 12), h, m, counters, Uint8Array.of(1))
    expect(blake2f.gas(input)).toBe(12n)
    expect(bytesToHex(blake2f.run(input, ctx))).toBe(
      '0xba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    )
  })

  test('malformed input costs nothing and fails', () => {
    expect(blake2f.gas(new Uint8Array(212))).toBe(0n)
    expect(() => blake2f.run(new Uint8Array(212), ctx)).toThrow(/213 bytes/)
    const badFlag = concatBytes(Uint8Array.of(0, 0, 0, 12), h, m, counters, Uint8Array.of(2))
    expect(() => blake2f.run(badFlag, ctx)).toThrow(/final block/)
  })
})
