/**
 * EIP-712 typed structured data: the hash `eth_signTypedData_v4` signs,
 * keccak256(0x19 0x01 ‖ hashStruct(EIP712Domain, domain) ‖ hashStruct(primaryType, message)).
 * Values are read as wallets read them (MetaMask's eth-sig-util v4): integers as numbers, decimal
 * or hex strings; bytes as hex; arrays hashed as the concatenation of their encoded elements.
 * Every malformed piece is an `InvalidTypedDataError` naming the field.
 */
import { bigintToPaddedBytes, concatBytes, hexToBytes, isHexString, utf8ToBytes } from '../util/hex.js'
import { keccak256 } from './hash.js'

export interface TypedDataField {
  name: string
  type: string
}

export interface TypedData {
  types: Record<string, readonly TypedDataField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

export class InvalidTypedDataError extends Error {
  override name = 'InvalidTypedDataError'
}

/** The domain fields EIP-712 defines, in its order: used when the payload declares no `EIP712Domain`. */
const DOMAIN_FIELDS: readonly TypedDataField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads a v4 payload: a JSON string or an object with `types`, `primaryType`, `domain`, `message`. */
export function parseTypedData(input: unknown): TypedData {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      throw new InvalidTypedDataError('typed data is not valid JSON')
    }
  }
  if (!isRecord(value)) throw new InvalidTypedDataError('typed data must be an object')
  const { types, primaryType, domain, message } = value
  if (!isRecord(types)) throw new InvalidTypedDataError('typed data: types must be an object')
  for (const [name, fields] of Object.entries(types)) {
    const valid =
      Array.isArray(fields) &&
      fields.every((f) => isRecord(f) && typeof f.name === 'string' && typeof f.type === 'string')
    if (!valid) throw new InvalidTypedDataError(`typed data: types.${name} must be a list of {name, type}`)
  }
  if (typeof primaryType !== 'string')
    throw new InvalidTypedDataError('typed data: primaryType must be a string')
  if (!isRecord(domain)) throw new InvalidTypedDataError('typed data: domain must be an object')
  if (primaryType !== 'EIP712Domain' && !isRecord(message))
    throw new InvalidTypedDataError('typed data: message must be an object')
  const declared = types as Record<string, TypedDataField[]>
  const withDomain = declared.EIP712Domain
    ? declared
    : { ...declared, EIP712Domain: DOMAIN_FIELDS.filter((f) => domain[f.name] !== undefined) }
  if (!withDomain[primaryType])
    throw new InvalidTypedDataError(`typed data: primaryType ${primaryType} is not in types`)
  return { types: withDomain, primaryType, domain, message: isRecord(message) ? message : {} }
}

/** The 32-byte digest an EIP-712 signature signs. */
export function hashTypedData(data: TypedData): Uint8Array {
  const domainSeparator = hashStruct(data.types, 'EIP712Domain', data.domain)
  const parts = [Uint8Array.of(0x19, 0x01), domainSeparator]
  if (data.primaryType !== 'EIP712Domain') parts.push(hashStruct(data.types, data.primaryType, data.message))
  return keccak256(concatBytes(...parts))
}

export function hashStruct(types: TypedData['types'], type: string, value: unknown): Uint8Array {
  return keccak256(encodeData(types, type, value))
}

/** `Mail(Person from,Person to,string contents)Person(string name,address wallet)`. */
export function encodeType(types: TypedData['types'], primary: string): string {
  const dependencies = [...findDependencies(types, primary, new Set())].filter((t) => t !== primary).sort()
  return [primary, ...dependencies]
    .map((name) => `${name}(${(types[name] ?? []).map((f) => `${f.type} ${f.name}`).join(',')})`)
    .join('')
}

function findDependencies(types: TypedData['types'], type: string, found: Set<string>): Set<string> {
  const base = baseType(type)
  if (found.has(base) || !types[base]) return found
  found.add(base)
  for (const field of types[base]) findDependencies(types, field.type, found)
  return found
}

/** `Person[][3]` → `Person`. */
function baseType(type: string): string {
  return type.replace(/(\[\d*\])+$/, '')
}

function encodeData(types: TypedData['types'], type: string, value: unknown): Uint8Array {
  if (!isRecord(value)) throw new InvalidTypedDataError(`typed data: expected an object for ${type}`)
  const fields = types[type] ?? []
  const typeHash = keccak256(utf8ToBytes(encodeType(types, type)))
  return concatBytes(
    typeHash,
    ...fields.map((f) => encodeField(types, f.type, value[f.name], `${type}.${f.name}`)),
  )
}

function encodeField(types: TypedData['types'], type: string, value: unknown, where: string): Uint8Array {
  if (value === undefined || value === null)
    throw new InvalidTypedDataError(`typed data: ${where} is missing`)
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    const [, element = '', length] = array
    if (!Array.isArray(value))
      throw new InvalidTypedDataError(`typed data: ${where} must be an array (${type})`)
    if (length !== '' && value.length !== Number(length))
      throw new InvalidTypedDataError(`typed data: ${where} must have ${length} elements`)
    return keccak256(concatBytes(...value.map((v, i) => encodeField(types, element, v, `${where}[${i}]`))))
  }
  if (types[type]) return hashStruct(types, type, value)
  if (type === 'string') {
    if (typeof value !== 'string') throw new InvalidTypedDataError(`typed data: ${where} must be a string`)
    return keccak256(utf8ToBytes(value))
  }
  if (type === 'bytes') return keccak256(bytesOf(value, where))
  if (type === 'bool') {
    if (typeof value !== 'boolean')
      throw new InvalidTypedDataError(`typed data: ${where} must be true or false`)
    return bigintToPaddedBytes(value ? 1n : 0n, 32)
  }
  if (type === 'address') {
    if (!isHexString(value) || value.length !== 42)
      throw new InvalidTypedDataError(`typed data: ${where} must be a 20-byte address`)
    return bigintToPaddedBytes(BigInt(value), 32)
  }
  const integer = /^(u?)int(\d*)$/.exec(type)
  if (integer) return encodeInteger(integer[1] === 'u', Number(integer[2] || 256), value, where)
  const fixed = /^bytes(\d+)$/.exec(type)
  if (fixed) {
    const size = Number(fixed[1])
    const bytes = bytesOf(value, where)
    if (size < 1 || size > 32 || bytes.length > size)
      throw new InvalidTypedDataError(`typed data: ${where} must be at most ${size} bytes (${type})`)
    const out = new Uint8Array(32)
    out.set(bytes)
    return out
  }
  throw new InvalidTypedDataError(`typed data: ${where} has unknown type ${type}`)
}

function bytesOf(value: unknown, where: string): Uint8Array {
  if (value instanceof Uint8Array) return value
  if (typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value)) return hexToBytes(value)
  throw new InvalidTypedDataError(`typed data: ${where} must be hex bytes`)
}

function encodeInteger(unsigned: boolean, bits: number, value: unknown, where: string): Uint8Array {
  let n: bigint
  try {
    if (typeof value === 'bigint') n = value
    else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value)
    else if (typeof value === 'string' && value.trim() !== '') n = BigInt(value.trim())
    else throw new Error()
  } catch {
    throw new InvalidTypedDataError(`typed data: ${where} must be an integer`)
  }
  const limit = 1n << BigInt(unsigned ? bits : bits - 1)
  const low = unsigned ? 0n : -limit
  if (bits < 8 || bits > 256 || bits % 8 !== 0 || n < low || n >= limit)
    throw new InvalidTypedDataError(
      `typed data: ${where} is out of range for ${unsigned ? 'u' : ''}int${bits}`,
    )
  return bigintToPaddedBytes(n < 0n ? (1n << 256n) + n : n, 32)
}
