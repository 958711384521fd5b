import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { curves, loadCurves } from '../crypto/curves'
import { sha256 } from '../crypto/fastSha256'
import { bytesToUnprefixedHex, hexToBytes, utf8ToBytes } from '../util/hex'
import { derEncodingProblem, parseDerSignature, signatureProblem, signBtc, verifyBtc } from './signature'

const ECPair = ECPairFactory(ecc)
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const privateKey = sha256(utf8ToBytes('signature test key'))
const digest = sha256(utf8ToBytes('a signature hash'))

function derOf(r: bigint, s: bigint): Uint8Array {
  const int = (n: bigint) => {
    let bytes = hexToBytes(n.toString(16).padStart(64, '0')).slice()
    while (bytes.length > 1 && bytes[0] === 0 && !((bytes[1] as number) & 0x80)) bytes = bytes.slice(1)
    return (bytes[0] as number) & 0x80 ? Uint8Array.of(0, ...bytes) : bytes
  }
  const rb = int(r)
  const sb = int(s)
  return Uint8Array.of(0x30, rb.length + sb.length + 4, 0x02, rb.length, ...rb, 0x02, sb.length, ...sb)
}

beforeAll(async () => {
  await loadCurves()
})

describe('signing', () => {
  it('gives the same deterministic DER signature as bitcoinjs-lib (RFC 6979, low S)', () => {
    const pair = ECPair.fromPrivateKey(privateKey)
    for (let i = 0; i < 20; i++) {
      const hash = sha256(Uint8Array.of(i))
      const ours = signBtc(hash, privateKey)
      const theirs = bitcoin.script.signature.encode(pair.sign(hash), 1)
      expect(bytesToUnprefixedHex(Uint8Array.of(...ours, 1))).toBe(bytesToUnprefixedHex(theirs))
      expect(parseDerSignature(ours).s <= N / 2n).toBe(true)
      expect(pair.verify(hash, bitcoin.script.signature.decode(theirs).signature)).toBe(true)
    }
  })

  it('verifies its own signatures and those of bitcoinjs-lib', () => {
    const publicKey = curves().secp256k1.getPublicKey(privateKey, true)
    const theirs = bitcoin.script.signature.decode(
      bitcoin.script.signature.encode(ECPair.fromPrivateKey(privateKey).sign(digest), 1),
    )
    const der = bitcoin.script.signature.encode(theirs.signature, 1).slice(0, -1)
    expect(verifyBtc(digest, der, publicKey)).toBe(true)
    expect(verifyBtc(digest, signBtc(digest, privateKey), publicKey)).toBe(true)
    const uncompressed = curves().secp256k1.getPublicKey(privateKey, false)
    expect(verifyBtc(digest, signBtc(digest, privateKey), uncompressed)).toBe(true)
  })

  it('refuses a digest that is not 32 bytes', () => {
    expect(() => signBtc(new Uint8Array(31), privateKey)).toThrow(/32 bytes/)
  })
})

describe('verification refuses, with a reason', () => {
  const publicKey = () => curves().secp256k1.getPublicKey(privateKey, true)

  it('a high-S twin of a valid signature (malleability)', () => {
    const { r, s } = parseDerSignature(signBtc(digest, privateKey))
    const highS = derOf(r, N - s)
    // The curve accepts it; Bitcoin's LOW_S rule does not.
    expect(
      ecc.verify(
        digest,
        publicKey(),
        Uint8Array.of(
          ...hexToBytes(r.toString(16).padStart(64, '0')),
          ...hexToBytes((N - s).toString(16).padStart(64, '0')),
        ),
      ),
    ).toBe(true)
    expect(signatureProblem(digest, highS, publicKey())).toMatch(/S is not low/)
    expect(verifyBtc(digest, highS, publicKey())).toBe(false)
  })

  it('the wrong key, the wrong digest and an invalid key', () => {
    const sig = signBtc(digest, privateKey)
    const other = curves().secp256k1.getPublicKey(sha256(utf8ToBytes('other')), true)
    expect(signatureProblem(digest, sig, other)).toMatch(/does not match/)
    expect(signatureProblem(sha256(digest), sig, publicKey())).toMatch(/does not match/)
    expect(signatureProblem(digest, sig, Uint8Array.of(0x02, ...new Uint8Array(32).fill(0xff)))).toMatch(
      /not a valid secp256k1 point/,
    )
  })

  it('every non-strict DER encoding (BIP66)', () => {
    const sig = signBtc(digest, privateKey)
    const { r, s } = parseDerSignature(sig)
    const rb = sig.slice(4, 4 + (sig[3] as number))
    const sb = sig.slice(6 + rb.length)
    const build = (r: Uint8Array, s: Uint8Array, tag = 0x30) =>
      Uint8Array.of(tag, r.length + s.length + 4, 0x02, r.length, ...r, 0x02, s.length, ...s)
    expect(derEncodingProblem(sig)).toBeUndefined()
    expect(derEncodingProblem(build(rb, sb, 0x31))).toMatch(/not a DER sequence/)
    expect(derEncodingProblem(build(Uint8Array.of(0, 0, ...rb), sb))).toMatch(
      /R has excess padding|R is negative/,
    )
    expect(derEncodingProblem(build(rb, Uint8Array.of(0, 0x01, ...sb.slice(1))))).toMatch(
      /S has excess padding/,
    )
    expect(derEncodingProblem(build(Uint8Array.of(0x80, ...rb.slice(1)), sb))).toMatch(/R is negative/)
    expect(derEncodingProblem(Uint8Array.of(...sig, 0))).toMatch(/sequence length/)
    expect(derEncodingProblem(sig.slice(0, 7))).toMatch(/length 7/)
    expect(derOf(r, s)).toEqual(sig)
    expect(signatureProblem(digest, derOf(0n, s), publicKey())).toMatch(/out of range/)
    expect(signatureProblem(digest, derOf(r, N), publicKey())).toMatch(/out of range/)
  })
})
