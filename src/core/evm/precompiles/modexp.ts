/**
 * 0x05 modexp with the EIP-198 pricing RSKj keeps (divisor 20, no EIP-2565 minimum):
 * multComplexity(max(baseLen, modLen)) · max(adjustedExpLen, 1) / 20.
 */
import type { Precompile } from '../types.js'
import { bigToPadded, bytesToBig } from './basic.js'

const INT_MAX = 0x7fffffff

/** `length` bytes of `data` from `offset`, zero-padded on the right. */
function slice(data: Uint8Array, offset: number, length: number): Uint8Array {
  const out = new Uint8Array(length)
  if (offset < data.length) out.set(data.subarray(offset, Math.min(data.length, offset + length)))
  return out
}

/** A 32-byte length field, saturating at 2^31-1 as RSKj's `intValueSafe`. */
function readLength(data: Uint8Array, index: number): number {
  const value = bytesToBig(slice(data, 32 * index, 32))
  return value > BigInt(INT_MAX) ? INT_MAX : Number(value)
}

function multComplexity(x: bigint): bigint {
  if (x <= 64n) return x * x
  if (x <= 1024n) return (x * x) / 4n + 96n * x - 3072n
  return (x * x) / 16n + 480n * x - 199680n
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length
}

export function modexpGas(input: Uint8Array): bigint {
  const baseLen = readLength(input, 0)
  const expLen = readLength(input, 1)
  const modLen = readLength(input, 2)
  const expHead = bytesToBig(slice(input, 96 + baseLen, Math.min(expLen, 32)))
  const highestBit = Math.max(bitLength(expHead) - 1, 0)
  const adjustedExpLen = expLen <= 32 ? BigInt(highestBit) : 8n * BigInt(expLen - 32) + BigInt(highestBit)
  const gas =
    (multComplexity(BigInt(Math.max(baseLen, modLen))) * (adjustedExpLen > 1n ? adjustedExpLen : 1n)) / 20n
  const LONG_MAX = (1n << 63n) - 1n
  return gas > LONG_MAX ? LONG_MAX : gas
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n
  let result = 1n
  base %= modulus
  while (exponent > 0n) {
    if (exponent & 1n) result = (result * base) % modulus
    exponent >>= 1n
    base = (base * base) % modulus
  }
  return result
}

export const modexp: Precompile = {
  gas: modexpGas,
  run(input) {
    const baseLen = readLength(input, 0)
    const expLen = readLength(input, 1)
    const modLen = readLength(input, 2)
    if (baseLen === 0 && modLen === 0) return new Uint8Array(0)
    const base = bytesToBig(slice(input, 96, baseLen))
    const exponent = bytesToBig(slice(input, 96 + baseLen, expLen))
    const modulus = bytesToBig(slice(input, 96 + baseLen + expLen, modLen))
    if (modulus === 0n) return new Uint8Array(modLen)
    return bigToPadded(modPow(base, exponent, modulus), modLen)
  },
}
