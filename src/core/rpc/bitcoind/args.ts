/**
 * Parameters as Bitcoin Core checks them: a wrong count answers the method's usage (-1), a value of
 * the wrong JSON type answers "Wrong type passed" (-3) naming its position, then each method's own
 * checks (hashes, hex, amounts) answer Bitcoin Core's texts. Named parameters (an object) are put in
 * position by the names each method declares.
 */
import { hexToBytes } from '../../util/hex.js'
import { BitcoindError, RPC_INVALID_PARAMETER, RPC_MISC_ERROR, RPC_TYPE_ERROR } from './errors.js'

export type ArgType = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'amount' | 'numberOrBool' | 'any'

export interface ArgSpec {
  name: string
  type: ArgType
  /** Required unless set. */
  optional?: true
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'object') return 'object'
  return typeof value
}

const EXPECTED: Readonly<Record<ArgType, string>> = {
  number: 'number',
  string: 'string',
  boolean: 'bool',
  array: 'array',
  object: 'object',
  amount: 'number or string',
  numberOrBool: 'number or bool',
  any: 'any',
}

function matches(type: ArgType, value: unknown): boolean {
  const actual = jsonType(value)
  if (type === 'any') return true
  if (type === 'amount') return actual === 'number' || actual === 'string'
  if (type === 'numberOrBool') return actual === 'number' || actual === 'boolean'
  return actual === type
}

/** The usage line Bitcoin Core answers when the parameter count is wrong. */
export function usage(method: string, args: readonly ArgSpec[]): string {
  const shown = (arg: ArgSpec) => (arg.type === 'string' ? `"${arg.name}"` : arg.name)
  const required = args.filter((arg) => !arg.optional).map(shown)
  const optional = args.filter((arg) => arg.optional).map(shown)
  return [method, ...required, ...(optional.length > 0 ? [`( ${optional.join(' ')} )`] : [])].join(' ')
}

/**
 * Positional parameters after the count and type checks; `null` stands for an omitted optional
 * parameter, as in Bitcoin Core.
 */
export function checkArgs(method: string, args: readonly ArgSpec[], params: unknown): unknown[] {
  const list = Array.isArray(params)
    ? [...params]
    : params === undefined
      ? []
      : byName(args, params as object)
  // Up to the last required parameter (an optional one may come before it, as sendmany's dummy).
  const required = args.reduce((count, arg, i) => (arg.optional ? count : i + 1), 0)
  if (list.length < required || list.length > args.length) {
    throw new BitcoindError(RPC_MISC_ERROR, usage(method, args))
  }
  const mismatches: string[] = []
  args.forEach((arg, i) => {
    const value = list[i]
    if (value === undefined || (value === null && arg.optional)) return
    if (!matches(arg.type, value)) {
      mismatches.push(
        `    "Position ${i + 1} (${arg.name})": "JSON value of type ${jsonType(value)} is not of expected type ${EXPECTED[arg.type]}"`,
      )
    }
  })
  if (mismatches.length > 0) {
    throw new BitcoindError(RPC_TYPE_ERROR, `Wrong type passed:\n{\n${mismatches.join(',\n')}\n}`)
  }
  return list
}

function byName(args: readonly ArgSpec[], named: object): unknown[] {
  const entries = Object.entries(named)
  const list: unknown[] = []
  for (const [name, value] of entries) {
    const at = args.findIndex((arg) => arg.name === name)
    if (at < 0) throw new BitcoindError(RPC_INVALID_PARAMETER, `Unknown named parameter ${name}`)
    list[at] = value
  }
  let last = list.length
  while (last > 0 && list[last - 1] === undefined) last--
  return Array.from({ length: last }, (_, i) => (list[i] === undefined ? null : list[i]))
}

/** An omitted optional parameter (absent or null). */
export function given(value: unknown): boolean {
  return value !== undefined && value !== null
}

/** A 32-byte hash in display order (`ParseHashV`). */
export function parseHash(value: unknown, name: string): Uint8Array {
  const text = String(value)
  if (!/^[0-9a-fA-F]*$/.test(text)) {
    throw new BitcoindError(RPC_INVALID_PARAMETER, `${name} must be hexadecimal string (not '${text}')`)
  }
  if (text.length !== 64) {
    throw new BitcoindError(
      RPC_INVALID_PARAMETER,
      `${name} must be of length 64 (not ${text.length}, for '${text}')`,
    )
  }
  return hexToBytes(text)
}

/** Hex bytes (`ParseHexV`). */
export function parseHex(value: unknown, name: string): Uint8Array {
  const text = String(value)
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) {
    throw new BitcoindError(RPC_INVALID_PARAMETER, `${name} must be hexadecimal string (not '${text}')`)
  }
  return hexToBytes(text)
}

/** An integer parameter (a fractional number is refused as Bitcoin Core's `getInt` does). */
export function parseInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new BitcoindError(RPC_TYPE_ERROR, `JSON integer out of range or not an integer for ${name}`)
  }
  return value
}

const MAX_MONEY = 21_000_000n * 100_000_000n

/** A BTC amount (number or decimal string, at most 8 decimals) in satoshis (`AmountFromValue`). */
export function parseAmount(value: unknown, decimals = 8): bigint {
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new BitcoindError(RPC_TYPE_ERROR, 'Amount is not a number or string')
  }
  const text = typeof value === 'number' ? numberText(value) : value.trim()
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[3] ?? '').replace(/0+$/, '').length > decimals) {
    throw new BitcoindError(RPC_TYPE_ERROR, 'Invalid amount')
  }
  const fraction = (match[3] ?? '').padEnd(8, '0').slice(0, 8)
  const satoshis = BigInt(match[2] as string) * 100_000_000n + BigInt(fraction)
  if (match[1] === '-' && satoshis !== 0n) throw new BitcoindError(RPC_TYPE_ERROR, 'Amount out of range')
  if (satoshis > MAX_MONEY) throw new BitcoindError(RPC_TYPE_ERROR, 'Amount out of range')
  return satoshis
}

/** A JSON number written out without an exponent (1e-8 → "0.00000001"). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return 'NaN'
  const text = String(value)
  if (!/e/i.test(text)) return text
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '')
}
