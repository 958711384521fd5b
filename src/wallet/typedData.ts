/**
 * Reads the `eth_signTypedData_v4` payload the way MetaMask's eth-sig-util does: a JSON string or
 * an object, integers as numbers, decimal or hex strings. viem wants bigints for integer fields,
 * so integer values are converted by walking the declared types.
 */
import type { TypedDataDefinition } from 'viem'
import { InvalidParamsError } from './errors.js'

type Field = { name: string; type: string }
type Types = Record<string, Field[]>

function normalizeValue(type: string, value: unknown, types: Types): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(type)
  if (array) {
    if (!Array.isArray(value)) throw new InvalidParamsError(`typed data: expected an array for ${type}`)
    return value.map((v) => normalizeValue(array[1]!, v, types))
  }
  if (types[type]) return normalizeStruct(type, value, types)
  if (/^u?int\d*$/.test(type)) {
    if (typeof value === 'bigint') return value
    if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) {
      try {
        return BigInt(value)
      } catch {
        // Falls through to the error below.
      }
    }
    throw new InvalidParamsError(`typed data: invalid ${type} value ${String(value)}`)
  }
  return value
}

function normalizeStruct(type: string, value: unknown, types: Types): Record<string, unknown> {
  if (!value || typeof value !== 'object')
    throw new InvalidParamsError(`typed data: expected an object for ${type}`)
  const source = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const field of types[type] ?? [])
    out[field.name] = normalizeValue(field.type, source[field.name], types)
  return out
}

export function parseTypedData(input: unknown): TypedDataDefinition {
  let parsed: unknown = input
  if (typeof input === 'string') {
    try {
      parsed = JSON.parse(input)
    } catch {
      throw new InvalidParamsError('typed data: not valid JSON')
    }
  }
  if (!parsed || typeof parsed !== 'object') throw new InvalidParamsError('typed data: expected an object')
  const { types, primaryType, domain, message } = parsed as Record<string, unknown>
  if (!types || typeof types !== 'object' || typeof primaryType !== 'string') {
    throw new InvalidParamsError('typed data: types and primaryType are required')
  }
  const allTypes = types as Types
  if (!allTypes[primaryType] && primaryType !== 'EIP712Domain') {
    throw new InvalidParamsError(`typed data: primaryType ${primaryType} is not among the types`)
  }
  const normalizedDomain = allTypes.EIP712Domain
    ? normalizeStruct('EIP712Domain', domain ?? {}, allTypes)
    : normalizeStruct('EIP712Domain', domain ?? {}, {
        ...allTypes,
        EIP712Domain: impliedDomainFields(domain),
      })
  return {
    types: allTypes,
    primaryType,
    domain: normalizedDomain,
    message: primaryType === 'EIP712Domain' ? {} : normalizeStruct(primaryType, message, allTypes),
  } as unknown as TypedDataDefinition
}

/** Without an explicit EIP712Domain type the domain's own keys define it (viem's rule). */
function impliedDomainFields(domain: unknown): Field[] {
  const d = (domain ?? {}) as Record<string, unknown>
  const order: Field[] = [
    { name: 'name', type: 'string' },
    { name: 'version', type: 'string' },
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
    { name: 'salt', type: 'bytes32' },
  ]
  return order.filter((f) => d[f.name] !== undefined)
}
