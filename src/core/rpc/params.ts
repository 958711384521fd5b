/**
 * Strict positional-parameter parsing. Each parameter has a spec that names its wire type and
 * turns the JSON value into a domain value (bigint, Uint8Array, lowercase address) or throws a
 * -32602 whose message says which argument and what was wrong, in RSKj's words where RSKj has
 * them (reference §4.3): `invalid argument 0: hex string has length 38, want 40 for RSK address`.
 */
import type { Address } from '../util/hex.js'
import { hexToBytes } from '../util/hex.js'
import { InvalidParamsError } from './errors/rpc.js'

export type ParamType =
  | 'QUANTITY'
  | 'DATA'
  | 'DATA20'
  | 'DATA32'
  | 'TAG'
  | 'BLOCK'
  | 'BLOCK_EXT'
  | 'BOOLEAN'
  | 'CALL'
  | 'FILTER'
  | 'STRING'
  | 'OBJECT'
  | 'DATA32_ARRAY'
  | 'ANY'

export interface ParamSpec<T> {
  type: ParamType
  /** What the parameter is, for docs and the panel (e.g. `address`, `block`). */
  name: string
  optional: boolean
  /** Turns a present, non-null JSON value into the domain value; throws `ParamError` otherwise. */
  parse(value: unknown): T
}

export type AnyParamSpec = ParamSpec<unknown>

/** The parsed tuple a handler receives for a tuple of specs. */
export type ParsedParams<P extends readonly AnyParamSpec[]> = {
  [K in keyof P]: P[K] extends ParamSpec<infer T> ? T : never
}

/**
 * Thrown by a spec's `parse` without knowing its position; `parseParams` adds
 * `invalid argument <i>: ` in front. Also usable for nested fields (`fromBlock: …`).
 */
export class ParamError extends Error {
  override name = 'ParamError'
}

export function describeJsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/**
 * A JSON value as text for an error message: strings as they are, anything else as JSON, cut at
 * 80 characters. Never calls the value's own members (`String({toString: 1})` throws).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 80)}…` : value
  let text: string
  try {
    text = JSON.stringify(value) ?? describeJsonType(value)
  } catch {
    text = describeJsonType(value)
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text
}

/** Marks a spec optional: absent or `null` → `undefined`. Only trailing parameters may be optional. */
export function optional<T>(spec: ParamSpec<T>): ParamSpec<T | undefined> {
  return { ...spec, optional: true }
}

function defineSpec<T>(type: ParamType, name: string, parse: (value: unknown) => T): ParamSpec<T> {
  return { type, name, optional: false, parse }
}

function requireHexString(value: unknown): string {
  if (typeof value !== 'string')
    throw new ParamError(`expected a 0x-prefixed hex string, got ${describeJsonType(value)}`)
  if (!value.startsWith('0x') && !value.startsWith('0X')) throw new ParamError('hex string without 0x prefix')
  return value
}

const HEX_DIGITS = /^[0-9a-fA-F]*$/

/** QUANTITY → bigint. Leading zeros are tolerated (some clients pad); more than 256 bits is not. */
export function parseQuantity(value: unknown): bigint {
  const hex = requireHexString(value)
  const digits = hex.slice(2)
  if (digits.length === 0) throw new ParamError('hex string "0x" has no digits')
  if (!HEX_DIGITS.test(digits)) throw new ParamError(`Invalid param ${hex}: value must be a valid hex.`)
  const n = BigInt(`0x${digits}`)
  if (n >= 1n << 256n) throw new ParamError('hex number > 256 bits')
  return n
}

/** DATA → bytes: `0x`, then an even number of hex digits. */
export function parseData(value: unknown): Uint8Array {
  const hex = requireHexString(value)
  const digits = hex.slice(2)
  if (!HEX_DIGITS.test(digits)) throw new ParamError('Invalid data format: invalid hex value.')
  if (digits.length % 2 !== 0) throw new ParamError('hex string has odd length')
  return hexToBytes(digits)
}

/** DATA20 → lowercase address. Any case is accepted and no checksum is checked (as RSKj). */
export function parseAddress(value: unknown): Address {
  const hex = requireHexString(value)
  const digits = hex.slice(2)
  if (!HEX_DIGITS.test(digits)) throw new ParamError('Invalid address format: invalid hex value.')
  if (digits.length !== 40)
    throw new ParamError(`hex string has length ${digits.length}, want 40 for RSK address`)
  return `0x${digits.toLowerCase()}`
}

/** DATA32 → 32 bytes (block and transaction hashes, storage keys). */
export function parseData32(value: unknown, what = 'hash'): Uint8Array {
  const hex = requireHexString(value)
  const digits = hex.slice(2)
  if (!HEX_DIGITS.test(digits)) throw new ParamError(`Invalid ${what} format: invalid hex value`)
  if (digits.length !== 64)
    throw new ParamError(`hex string has length ${digits.length}, want 64 for ${what}`)
  return hexToBytes(digits)
}

export function parseBoolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw new ParamError(`expected a boolean, got ${describeJsonType(value)}`)
  return value
}

export function parseString(value: unknown): string {
  if (typeof value !== 'string') throw new ParamError(`expected a string, got ${describeJsonType(value)}`)
  return value
}

export type JsonObject = { [key: string]: unknown }

export function parseObject(value: unknown): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ParamError(`expected an object, got ${describeJsonType(value)}`)
  }
  return value as JsonObject
}

export const quantity = (name: string) => defineSpec('QUANTITY', name, parseQuantity)
export const data = (name: string) => defineSpec('DATA', name, parseData)
export const address = (name: string) => defineSpec('DATA20', name, parseAddress)
export const hash = (name: string, what = 'hash') => defineSpec('DATA32', name, (v) => parseData32(v, what))
export const boolean = (name: string) => defineSpec('BOOLEAN', name, parseBoolean)
export const string = (name: string) => defineSpec('STRING', name, parseString)
export const object = (name: string) => defineSpec('OBJECT', name, parseObject)
/** A value passed through as JSON, for the methods whose parameters the spec does not describe. */
export const anyJson = (name: string) => defineSpec('ANY', name, (v: unknown) => v)
export const hashArray = (name: string) =>
  defineSpec('DATA32_ARRAY', name, (value: unknown) => {
    if (!Array.isArray(value))
      throw new ParamError(`expected an array of 32-byte hex strings, got ${describeJsonType(value)}`)
    return value.map((item, i) => {
      try {
        return parseData32(item, 'storage key')
      } catch (e) {
        throw e instanceof ParamError ? new ParamError(`element ${i}: ${e.message}`) : e
      }
    })
  })

/**
 * Checks arity and parses every positional parameter. `params` absent means `[]`. A trailing
 * `null` counts as absent for an optional parameter (what geth and most clients expect).
 */
export function parseParams<const P extends readonly AnyParamSpec[]>(
  specs: P,
  params: readonly unknown[],
): ParsedParams<P> {
  if (params.length > specs.length) {
    throw new InvalidParamsError(`too many arguments, want at most ${specs.length}`)
  }
  const out: unknown[] = []
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i] as AnyParamSpec
    const value = params[i]
    if (value === undefined || (value === null && spec.optional)) {
      if (!spec.optional) throw new InvalidParamsError(`missing value for required argument ${i}`)
      out.push(undefined)
      continue
    }
    try {
      out.push(spec.parse(value))
    } catch (e) {
      if (e instanceof ParamError) throw new InvalidParamsError(`invalid argument ${i}: ${e.message}`)
      throw e
    }
  }
  return out as ParsedParams<P>
}

/**
 * A filter id: `0x` and hex digits of any length (RSKj's ids are 36 bytes, more than a QUANTITY
 * holds), normalized to lowercase so lookups do not depend on the client's casing.
 */
export const filterId = (name: string): ParamSpec<string> =>
  defineSpec('QUANTITY', name, (value: unknown) => {
    const hex = requireHexString(value)
    const digits = hex.slice(2)
    if (digits.length === 0 || !HEX_DIGITS.test(digits))
      throw new ParamError(`Invalid param ${hex}: value must be a valid hex.`)
    return `0x${digits.toLowerCase()}`
  })

/**
 * An integer given as a QUANTITY, a decimal string or a JSON number — what dev methods such as
 * `evm_increaseTime` accept from Ganache-, Hardhat- and Anvil-style clients alike.
 */
export const integerLike = (name: string): ParamSpec<bigint> =>
  defineSpec('QUANTITY', name, (value: unknown) => {
    if (typeof value === 'number') {
      if (!Number.isSafeInteger(value) || value < 0)
        throw new ParamError(`expected a non-negative integer, got ${value}`)
      return BigInt(value)
    }
    if (typeof value === 'string' && /^[0-9]+$/.test(value)) return BigInt(value)
    return parseQuantity(value)
  })
