/**
 * Typed-data hashing for the three versions MetaMask signs, in one code path:
 * - v1 (`eth_signTypedData`): an array of `{ type, name, value }`, hashed as
 *   keccak256(keccak256(packed "type name" strings) ‖ keccak256(packed values));
 * - v3 (`eth_signTypedData_v3`) and v4 (`eth_signTypedData_v4`): EIP-712. They differ where
 *   MetaMask's own library differs: v3 has no arrays and leaves out a field whose value is missing;
 *   v4 hashes arrays and encodes a missing struct as 32 zero bytes.
 * Values are read as MetaMask reads them: integers as numbers, decimal or hex strings; addresses
 * in any case (checksummed or not, EIP-55 or Rootstock's EIP-1191); bytes as hex.
 */
import { keccak256 } from '../core/crypto/hash.js'
import { bigintToPaddedBytes, concatBytes, hexToBytes, utf8ToBytes } from '../core/util/hex.js'
import { InvalidParamsError, shownValue } from './errors.js'

export type TypedDataVersion = 'V1' | 'V3' | 'V4'
export type TypedField = { name: string; type: string }
export type TypedTypes = Record<string, TypedField[]>
export interface TypedMessage {
  types: TypedTypes
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}
export type TypedDataV1 = Array<{ type: string; name: string; value: unknown }>

const bad = (message: string) => new InvalidParamsError(`typed data: ${message}`)

/** An integer as MetaMask takes it: a number, a bigint, a decimal or 0x-hex string. */
export function integerOf(value: unknown, type: string): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value)
  if (typeof value === 'string') {
    const text = value.trim()
    if (/^-?0x[0-9a-fA-F]+$/.test(text)) return text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text)
    if (/^-?[0-9]+$/.test(text)) return BigInt(text)
  }
  throw bad(`invalid ${type} value ${shownValue(value, 80)}`)
}

function checkedInteger(type: string, value: unknown): bigint {
  const match = /^(u?)int(\d*)$/.exec(type)!
  const bits = match[2] ? Number(match[2]) : 256
  if (bits < 8 || bits > 256 || bits % 8 !== 0) throw bad(`unknown type ${type}`)
  const n = integerOf(value, type)
  const unsigned = match[1] === 'u'
  const min = unsigned ? 0n : -(1n << BigInt(bits - 1))
  const max = unsigned ? (1n << BigInt(bits)) - 1n : (1n << BigInt(bits - 1)) - 1n
  if (n < min || n > max) throw bad(`${type} value ${n} is out of range`)
  return n
}

/** Hex (`0x…`) is bytes; anything else (v1's legacy rule) is its UTF-8 text. */
function bytesOf(value: unknown, type: string): Uint8Array {
  if (value instanceof Uint8Array) return value
  if (typeof value === 'string') {
    if (/^0x([0-9a-fA-F]{2})*$/.test(value)) return hexToBytes(value)
    if (/^0x[0-9a-fA-F]*$/.test(value)) return hexToBytes(`0x0${value.slice(2)}`)
    return utf8ToBytes(value)
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    const hex = value.toString(16)
    return hexToBytes(`0x${hex.length % 2 ? '0' : ''}${hex}`)
  }
  throw bad(`invalid ${type} value ${shownValue(value, 80)}`)
}

/** A 20-byte address in any case (MetaMask's library checks no checksum). */
function addressBytes(value: unknown, type = 'address'): Uint8Array {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return hexToBytes(value.toLowerCase())
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,39}$/.test(value))
    return hexToBytes(`0x${value.slice(2).padStart(40, '0').toLowerCase()}`)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    return hexToBytes(`0x${value.toString(16).padStart(40, '0')}`)
  throw bad(`invalid ${type} value ${shownValue(value, 80)}`)
}

function boolOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 1 || value === '1') return true
  if (value === 'false' || value === 0 || value === '0') return false
  throw bad(`invalid bool value ${shownValue(value, 80)}`)
}

function fixedBytes(type: string, value: unknown): Uint8Array {
  const size = Number(type.slice(5))
  if (!(size >= 1 && size <= 32)) throw bad(`unknown type ${type}`)
  const bytes = bytesOf(value, type)
  if (bytes.length > size) throw bad(`${type} value is ${bytes.length} bytes long`)
  const out = new Uint8Array(size)
  out.set(bytes)
  return out
}

// ── v1 ───────────────────────────────────────────────────────────────────────────────────────

/** `solidityPack` of one value, as MetaMask's v1 hashing packs it. */
function packed(type: string, value: unknown, inArray = false): Uint8Array {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) throw bad(`expected an array for ${type}`)
    return concatBytes(...value.map((v) => packed(array[1]!, v, true)))
  }
  if (type === 'string') {
    if (typeof value !== 'string') throw bad(`invalid string value ${shownValue(value, 80)}`)
    return utf8ToBytes(value)
  }
  if (type === 'bytes') return bytesOf(value, type)
  if (type === 'bool') {
    const out = new Uint8Array(inArray ? 32 : 1)
    out[out.length - 1] = boolOf(value) ? 1 : 0
    return out
  }
  if (type === 'address') {
    const bytes = addressBytes(value)
    if (!inArray) return bytes
    const out = new Uint8Array(32)
    out.set(bytes, 12)
    return out
  }
  if (/^bytes\d+$/.test(type)) {
    const bytes = fixedBytes(type, value)
    if (!inArray) return bytes
    const out = new Uint8Array(32)
    out.set(bytes)
    return out
  }
  if (/^u?int\d*$/.test(type)) {
    const n = checkedInteger(type, value)
    const bits = Number(/\d+$/.exec(type)?.[0] ?? 256)
    const width = inArray ? 32 : bits / 8
    const twos = n < 0n ? (1n << BigInt(width * 8)) + n : n
    return bigintToPaddedBytes(twos, width)
  }
  throw bad(`unknown type ${type}`)
}

export function parseTypedDataV1(input: unknown): TypedDataV1 {
  let parsed = input
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input)
    } catch {
      throw bad('not valid JSON')
    }
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw bad('expected a non-empty array of { type, name, value }')
  for (const entry of parsed) {
    if (!entry || typeof entry !== 'object') throw bad('expected a non-empty array of { type, name, value }')
    const { type, name } = entry as Record<string, unknown>
    if (typeof type !== 'string' || typeof name !== 'string' || name === '')
      throw bad('every entry needs a type and a name')
  }
  return parsed as TypedDataV1
}

export function hashTypedDataV1(data: TypedDataV1): Uint8Array {
  const schema = concatBytes(...data.map((e) => utf8ToBytes(`${e.type} ${e.name}`)))
  const values = concatBytes(...data.map((e) => packed(e.type, e.value)))
  return keccak256(concatBytes(keccak256(schema), keccak256(values)))
}

// ── v3 / v4 (EIP-712) ────────────────────────────────────────────────────────────────────────

const baseType = (type: string) => type.replace(/\[\d*\]$/, '').replace(/\[\d*\]/g, '')

function dependencies(primary: string, types: TypedTypes, found = new Set<string>()): Set<string> {
  const name = baseType(primary)
  if (found.has(name) || !types[name]) return found
  found.add(name)
  for (const field of types[name]!) dependencies(field.type, types, found)
  return found
}

function encodeType(primary: string, types: TypedTypes): string {
  const deps = [...dependencies(primary, types)].filter((t) => t !== primary).sort()
  return [primary, ...deps]
    .map((t) => `${t}(${types[t]!.map((f) => `${f.type} ${f.name}`).join(',')})`)
    .join('')
}

const typeHash = (primary: string, types: TypedTypes) => keccak256(utf8ToBytes(encodeType(primary, types)))

function encodeField(type: string, value: unknown, types: TypedTypes, version: 'V3' | 'V4'): Uint8Array {
  if (types[type]) {
    if (version === 'V4' && (value === undefined || value === null)) return new Uint8Array(32)
    return keccak256(encodeData(type, value, types, version))
  }
  if (value === undefined || value === null) throw bad(`missing value for field of type ${type}`)
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (version === 'V3') throw bad('arrays need eth_signTypedData_v4')
    if (!Array.isArray(value)) throw bad(`expected an array for ${type}`)
    if (array[2] && value.length !== Number(array[2])) throw bad(`${type} needs ${array[2]} elements`)
    return keccak256(concatBytes(...value.map((v) => encodeField(array[1]!, v, types, version))))
  }
  if (type === 'string') {
    if (typeof value !== 'string' && typeof value !== 'number')
      throw bad(`invalid string value ${shownValue(value, 80)}`)
    return keccak256(utf8ToBytes(String(value)))
  }
  if (type === 'bytes') return keccak256(bytesOf(value, type))
  if (type === 'bool') return bigintToPaddedBytes(boolOf(value) ? 1n : 0n, 32)
  if (type === 'address') {
    const out = new Uint8Array(32)
    out.set(addressBytes(value), 12)
    return out
  }
  if (/^bytes\d+$/.test(type)) {
    const out = new Uint8Array(32)
    out.set(fixedBytes(type, value))
    return out
  }
  if (/^u?int\d*$/.test(type)) {
    const n = checkedInteger(type, value)
    return bigintToPaddedBytes(n < 0n ? (1n << 256n) + n : n, 32)
  }
  throw bad(`unknown type ${type}`)
}

function encodeData(primary: string, data: unknown, types: TypedTypes, version: 'V3' | 'V4'): Uint8Array {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad(`expected an object for ${primary}`)
  const values = data as Record<string, unknown>
  const parts: Uint8Array[] = [typeHash(primary, types)]
  for (const field of types[primary]!) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined
    // v3 leaves out a field without a value (MetaMask's library does).
    if (version === 'V3' && value === undefined) continue
    parts.push(encodeField(field.type, value, types, version))
  }
  return concatBytes(...parts)
}

const hashStruct = (primary: string, data: unknown, types: TypedTypes, version: 'V3' | 'V4') =>
  keccak256(encodeData(primary, data, types, version))

/** Reads a v3/v4 payload: a JSON string or an object with types, primaryType, domain, message. */
export function parseTypedMessage(input: unknown): TypedMessage {
  let parsed: unknown = input
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input)
    } catch {
      throw bad('not valid JSON')
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad('expected an object')
  const { types, primaryType, domain, message } = parsed as Record<string, unknown>
  if (!types || typeof types !== 'object' || Array.isArray(types) || typeof primaryType !== 'string')
    throw bad('types and primaryType are required')
  const checked: TypedTypes = {}
  for (const [name, fields] of Object.entries(types as Record<string, unknown>)) {
    if (!Array.isArray(fields)) throw bad(`type ${name} must be an array of { name, type }`)
    for (const field of fields) {
      if (
        !field ||
        typeof field !== 'object' ||
        typeof field.name !== 'string' ||
        typeof field.type !== 'string'
      )
        throw bad(`type ${name} must be an array of { name, type }`)
    }
    checked[name] = fields.map((f: TypedField) => ({ name: f.name, type: f.type }))
  }
  if (!checked.EIP712Domain) checked.EIP712Domain = []
  if (!checked[primaryType]) throw bad(`primaryType ${primaryType} is not among the types`)
  if (domain !== undefined && (domain === null || typeof domain !== 'object' || Array.isArray(domain)))
    throw bad('domain must be an object')
  if (message !== undefined && (message === null || typeof message !== 'object' || Array.isArray(message)))
    throw bad('message must be an object')
  return {
    types: checked,
    primaryType,
    domain: (domain ?? {}) as Record<string, unknown>,
    message: (message ?? {}) as Record<string, unknown>,
  }
}

/** The EIP-712 digest: keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)). */
export function hashTypedMessage(data: TypedMessage, version: 'V3' | 'V4'): Uint8Array {
  const parts = [Uint8Array.of(0x19, 0x01), hashStruct('EIP712Domain', data.domain, data.types, version)]
  if (data.primaryType !== 'EIP712Domain')
    parts.push(hashStruct(data.primaryType, data.message, data.types, version))
  return keccak256(concatBytes(...parts))
}
