/**
 * ECDSA over secp256k1 as Bitcoin uses it: DER-encoded signatures (without the sighash byte),
 * strict encoding (BIP66) and low S (BIP146's LOW_S, a standardness rule since Bitcoin Core 0.11),
 * deterministic nonces (RFC 6979, the same signatures bitcoinj and bitcoinjs-lib produce).
 * The curve is read through `curves()`: callers run after `loadCurves()` resolved.
 */
import { curves } from '../crypto/curves'

/** secp256k1's group order. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const HALF_N = N >> 1n

/** Signs a 32-byte digest; returns the DER signature with low S (append the sighash byte to use it). */
export function signBtc(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  if (hash.length !== 32) throw new RangeError(`a signature hash is 32 bytes, got ${hash.length}`)
  return curves().secp256k1.sign(hash, privateKey, { prehash: false, lowS: true, format: 'der' })
}

/**
 * Why a DER signature (no sighash byte) breaks BIP66's strict encoding, or undefined when it is
 * well-formed: Bitcoin Core's `IsValidSignatureEncoding` less the trailing hash type.
 */
export function derEncodingProblem(sig: Uint8Array): string | undefined {
  const len = sig.length
  if (len < 8 || len > 72) return `signature length ${len} outside 8–72 bytes`
  if (sig[0] !== 0x30) return 'signature is not a DER sequence'
  if (sig[1] !== len - 2) return 'DER sequence length does not match the signature'
  const lenR = sig[3] as number
  if (5 + lenR >= len) return 'DER R runs past the signature'
  const lenS = sig[5 + lenR] as number
  if (lenR + lenS + 6 !== len) return 'DER lengths do not add up'
  if (sig[2] !== 0x02) return 'DER R is not an integer'
  if (lenR === 0) return 'DER R is empty'
  if ((sig[4] as number) & 0x80) return 'DER R is negative'
  if (lenR > 1 && sig[4] === 0 && !((sig[5] as number) & 0x80)) return 'DER R has excess padding'
  if (sig[lenR + 4] !== 0x02) return 'DER S is not an integer'
  if (lenS === 0) return 'DER S is empty'
  if ((sig[lenR + 6] as number) & 0x80) return 'DER S is negative'
  if (lenS > 1 && sig[lenR + 6] === 0 && !((sig[lenR + 7] as number) & 0x80))
    return 'DER S has excess padding'
  return undefined
}

function readInteger(bytes: Uint8Array): bigint {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  return value
}

function to32(value: bigint): Uint8Array {
  const out = new Uint8Array(32)
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn)
    value >>= 8n
  }
  return out
}

/** Splits a strictly encoded DER signature into r and s. */
export function parseDerSignature(sig: Uint8Array): { r: bigint; s: bigint } {
  const problem = derEncodingProblem(sig)
  if (problem) throw new RangeError(problem)
  const lenR = sig[3] as number
  const r = readInteger(sig.subarray(4, 4 + lenR))
  const s = readInteger(sig.subarray(6 + lenR))
  return { r, s }
}

/**
 * Why a signature fails for this digest and key (strict DER, low S, 0 < r,s < n, the curve check),
 * or undefined when it is valid.
 */
export function signatureProblem(
  hash: Uint8Array,
  der: Uint8Array,
  publicKey: Uint8Array,
): string | undefined {
  const encoding = derEncodingProblem(der)
  if (encoding) return encoding
  const { r, s } = parseDerSignature(der)
  if (r === 0n || r >= N || s === 0n || s >= N) return 'signature r or s out of range'
  if (s > HALF_N) return 'signature S is not low (non-canonical, BIP146)'
  if (hash.length !== 32) return 'signature hash is not 32 bytes'
  const compact = new Uint8Array(64)
  compact.set(to32(r), 0)
  compact.set(to32(s), 32)
  const { secp256k1 } = curves()
  try {
    secp256k1.Point.fromBytes(publicKey).assertValidity()
  } catch {
    return 'public key is not a valid secp256k1 point'
  }
  const valid = secp256k1.verify(compact, hash, publicKey, { prehash: false, lowS: true, format: 'compact' })
  return valid ? undefined : 'signature does not match the public key and signature hash'
}

/** True for a strictly DER-encoded, low-S signature of `hash` by `publicKey`. */
export function verifyBtc(hash: Uint8Array, derSignature: Uint8Array, publicKey: Uint8Array): boolean {
  return signatureProblem(hash, derSignature, publicKey) === undefined
}
