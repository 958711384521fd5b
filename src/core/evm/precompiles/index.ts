/** The standard precompiled contracts 0x01–0x09 as Rootstock activates them. */
import type { Address } from '../../util/hex.js'
import type { Precompile } from '../types.js'
import { ecrecover, identity, ripemd160Precompile, sha256Precompile } from './basic.js'
import { blake2f } from './blake2f.js'
import { bn254Add, bn254Mul, bn254Pairing } from './bn254.js'
import { modexp } from './modexp.js'

function precompileAddress(n: number): Address {
  return `0x${n.toString(16).padStart(40, '0')}` as Address
}

export const STANDARD_PRECOMPILES: ReadonlyMap<Address, Precompile> = new Map([
  [precompileAddress(1), ecrecover],
  [precompileAddress(2), sha256Precompile],
  [precompileAddress(3), ripemd160Precompile],
  [precompileAddress(4), identity],
  [precompileAddress(5), modexp],
  [precompileAddress(6), bn254Add],
  [precompileAddress(7), bn254Mul],
  [precompileAddress(8), bn254Pairing],
  [precompileAddress(9), blake2f],
])

/**
 * Thrown by a precompile to revert with data (the caller sees 0 and the data as return data).
 * Any other error is a plain failure without return data, as RSKj handles it since RSKIP197.
 */
export class PrecompileRevert extends Error {
  static readonly code = 'PRECOMPILE_REVERT'
  constructor(readonly data: Uint8Array) {
    super('precompiled contract reverted')
    this.name = 'PrecompileRevert'
  }
}
