/**
 * 0x06–0x08: alt_bn128 add, scalar multiplication and pairing check (RSKIP137) on @noble/curves,
 * with the EIP-1108 prices RSKj charges (150, 6000, 45000 + 34000 per pair). Invalid points throw,
 * which makes the call fail (the caller sees 0).
 */
import { type Curves, curves } from '../../crypto/curves.js'
import type { Precompile } from '../types.js'
import { bigToPadded, bytesToBig } from './basic.js'

type Bn254 = Curves['bn254']
type G1Point = InstanceType<Bn254['G1']['Point']>
type G2Point = InstanceType<Bn254['G2']['Point']>

function padRight(input: Uint8Array, length: number): Uint8Array {
  if (input.length >= length) return input.subarray(0, length)
  const out = new Uint8Array(length)
  out.set(input)
  return out
}

function fieldElement(bn254: Bn254, bytes: Uint8Array): bigint {
  const value = bytesToBig(bytes)
  if (value >= bn254.fields.Fp.ORDER) throw new Error('bn254: coordinate not in field')
  return value
}

function readG1(bn254: Bn254, bytes: Uint8Array): G1Point {
  const G1 = bn254.G1.Point
  const x = fieldElement(bn254, bytes.subarray(0, 32))
  const y = fieldElement(bn254, bytes.subarray(32, 64))
  if (x === 0n && y === 0n) return G1.ZERO
  const point = G1.fromAffine({ x, y })
  point.assertValidity()
  return point
}

/** G2 coordinates come imaginary part first, as EIP-197 encodes them. */
function readG2(bn254: Bn254, bytes: Uint8Array): G2Point {
  const G2 = bn254.G2.Point
  const Fp2 = bn254.fields.Fp2
  const xIm = fieldElement(bn254, bytes.subarray(0, 32))
  const xRe = fieldElement(bn254, bytes.subarray(32, 64))
  const yIm = fieldElement(bn254, bytes.subarray(64, 96))
  const yRe = fieldElement(bn254, bytes.subarray(96, 128))
  if (xIm === 0n && xRe === 0n && yIm === 0n && yRe === 0n) return G2.ZERO
  const point = G2.fromAffine({ x: Fp2.create({ c0: xRe, c1: xIm }), y: Fp2.create({ c0: yRe, c1: yIm }) })
  point.assertValidity()
  return point
}

function writeG1(point: G1Point): Uint8Array {
  const out = new Uint8Array(64)
  if (point.is0()) return out
  const { x, y } = point.toAffine()
  out.set(bigToPadded(x, 32), 0)
  out.set(bigToPadded(y, 32), 32)
  return out
}

export const bn254Add: Precompile = {
  maxInput: 128,
  gas: () => 150n,
  run(input) {
    const { bn254 } = curves()
    const data = padRight(input, 128)
    return writeG1(readG1(bn254, data.subarray(0, 64)).add(readG1(bn254, data.subarray(64, 128))))
  },
}

export const bn254Mul: Precompile = {
  maxInput: 96,
  gas: () => 6000n,
  run(input) {
    const { bn254 } = curves()
    const data = padRight(input, 96)
    const point = readG1(bn254, data.subarray(0, 64))
    const scalar = bn254.fields.Fr.create(bytesToBig(data.subarray(64, 96)))
    if (scalar === 0n || point.is0()) return new Uint8Array(64)
    return writeG1(point.multiply(scalar))
  },
}

export const bn254Pairing: Precompile = {
  gas: (input) => 45000n + 34000n * BigInt(Math.floor(input.length / 192)),
  run(input) {
    if (input.length % 192 !== 0) throw new Error('bn254 pairing: input is not a multiple of 192 bytes')
    const { bn254 } = curves()
    const pairs: { g1: G1Point; g2: G2Point }[] = []
    for (let offset = 0; offset < input.length; offset += 192) {
      const g1 = readG1(bn254, input.subarray(offset, offset + 64))
      const g2 = readG2(bn254, input.subarray(offset + 64, offset + 192))
      if (g1.is0() || g2.is0()) continue
      pairs.push({ g1, g2 })
    }
    const product = bn254.pairingBatch(pairs)
    const success = bn254.fields.Fp12.eql(product, bn254.fields.Fp12.ONE)
    return bigToPadded(success ? 1n : 0n, 32)
  },
}
