/** Precompiles 0x01–0x04: ecrecover, sha256, ripemd160 and identity, priced as RSKj prices them. */
import { ripemd160 } from '@noble/hashes/legacy.js'
import { SECP256K1_N } from '../../chain/secp256k1.js'
import { curves } from '../../crypto/curves.js'
import { keccak256, sha256 } from '../../crypto/hash.js'
import type { Precompile } from '../types.js'

function words(length: number): bigint {
  return BigInt(Math.ceil(length / 32))
}

function leftPad32(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(32)
  out.set(bytes, 32 - bytes.length)
  return out
}

/**
 * 0x01. RSKj quirks kept: only the last byte of the `v` word is read (27 or 28), the input is cut
 * to 128 bytes (RSKIP516), and any failure yields empty output rather than an error.
 */
export const ecrecover: Precompile = {
  maxInput: 128,
  gas: () => 3000n,
  run(input) {
    if (input.length < 97) return new Uint8Array(0)
    const data = new Uint8Array(128)
    data.set(input.subarray(0, 128))
    const v = data[63]!
    const rs = data.subarray(64, 128)
    const r = bytesToBig(rs.subarray(0, 32))
    const s = bytesToBig(rs.subarray(32, 64))
    if ((v !== 27 && v !== 28) || r < 1n || s < 1n || r >= SECP256K1_N || s >= SECP256K1_N) {
      return new Uint8Array(0)
    }
    // Outside the try: a node that has not loaded its curves must fail loudly (see evm/calls.ts).
    const { secp256k1 } = curves()
    try {
      const signature = secp256k1.Signature.fromBytes(rs, 'compact').addRecoveryBit(v - 27)
      const publicKey = signature.recoverPublicKey(data.subarray(0, 32)).toBytes(false)
      return leftPad32(keccak256(publicKey.subarray(1)).subarray(12))
    } catch {
      return new Uint8Array(0)
    }
  },
}

/** 0x02: 60 + 12 per word. */
export const sha256Precompile: Precompile = {
  gas: (input) => 60n + 12n * words(input.length),
  run: (input) => sha256(input),
}

/** 0x03: 600 + 120 per word; the 20-byte digest left-padded to a word. */
export const ripemd160Precompile: Precompile = {
  gas: (input) => 600n + 120n * words(input.length),
  run: (input) => leftPad32(ripemd160(input)),
}

/** 0x04: 15 + 3 per word. */
export const identity: Precompile = {
  gas: (input) => 15n + 3n * words(input.length),
  run: (input) => input.slice(),
}

export function bytesToBig(bytes: Uint8Array): bigint {
  let v = 0n
  for (let i = 0; i < bytes.length; i++) v = (v << 8n) | BigInt(bytes[i]!)
  return v
}

export function bigToPadded(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let i = length - 1; i >= 0 && value > 0n; i--) {
    out[i] = Number(value & 0xffn)
    value >>= 8n
  }
  return out
}
