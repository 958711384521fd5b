/**
 * Block parameters: TAG, BLOCK (number or tag) and BLOCK_EXT (BLOCK, a block hash, or the
 * EIP-1898 objects `{blockHash, requireCanonical}` / `{blockNumber}`), with RSKj's texts.
 */
import type { BlockExtSpecifier, BlockSpecifier, BlockTag } from '../node/engine/requests.js'
import { describeJsonType, ParamError, type ParamSpec, parseData32, parseQuantity } from './params.js'

export type { BlockExtSpecifier, BlockSpecifier, BlockTag }

const TAGS: readonly string[] = ['latest', 'earliest', 'pending'] satisfies BlockTag[]

export function isBlockTag(value: unknown): value is BlockTag {
  return typeof value === 'string' && TAGS.includes(value)
}

function requireIdentifierString(value: unknown): string {
  if (typeof value !== 'string') {
    throw new ParamError(
      `expected a block number (0x-prefixed hex) or one of latest, earliest, pending; got ${describeJsonType(value)}`,
    )
  }
  if (value === '') throw new ParamError('Invalid block identifier: empty or null.')
  return value
}

export function parseTag(value: unknown): BlockTag {
  const id = requireIdentifierString(value)
  if (!isBlockTag(id)) throw new ParamError(`Invalid block identifier '${id}'`)
  return id
}

/** BLOCK: a QUANTITY block number or a tag. Decimal strings are refused (RSKj: `invalid blocknumber`). */
export function parseBlock(value: unknown): BlockSpecifier {
  const id = requireIdentifierString(value)
  if (isBlockTag(id)) return { kind: 'tag', tag: id }
  if (!id.startsWith('0x')) throw new ParamError(`Invalid block identifier '${id}'`)
  try {
    return { kind: 'number', number: parseQuantity(id) }
  } catch (e) {
    if (e instanceof ParamError) throw new ParamError(`invalid blocknumber ${id}`)
    throw e
  }
}

function parseRequireCanonical(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw new ParamError('Invalid input: requireCanonical must be a String "true" or "false"')
}

/** BLOCK_EXT (EIP-1898 and RSKj's `BlockRefParam`): BLOCK, a 32-byte block hash, or an object. */
export function parseBlockExt(value: unknown): BlockExtSpecifier {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const input = value as { blockHash?: unknown; blockNumber?: unknown; requireCanonical?: unknown }
    const hasHash = input.blockHash !== undefined
    const hasNumber = input.blockNumber !== undefined
    if (!hasHash && !hasNumber) throw new ParamError('Invalid block input')
    if (hasHash && hasNumber)
      throw new ParamError('Invalid block input: give either blockHash or blockNumber, not both')
    if (hasNumber) {
      if (input.requireCanonical !== undefined) {
        throw new ParamError('Invalid block input: requireCanonical goes with blockHash only')
      }
      return parseBlock(input.blockNumber)
    }
    return {
      kind: 'hash',
      hash: parseData32(input.blockHash, 'block hash'),
      requireCanonical: parseRequireCanonical(input.requireCanonical),
    }
  }
  const id = requireIdentifierString(value)
  // A 32-byte hex string is a block hash (as RSKj's Web3InformationRetriever reads it).
  if (/^0x[0-9a-fA-F]{64}$/.test(id)) {
    return { kind: 'hash', hash: parseData32(id, 'block hash'), requireCanonical: false }
  }
  return parseBlock(id)
}

export const tag = (name: string): ParamSpec<BlockTag> => ({
  type: 'TAG',
  name,
  optional: false,
  parse: parseTag,
})
export const block = (name: string): ParamSpec<BlockSpecifier> => ({
  type: 'BLOCK',
  name,
  optional: false,
  parse: parseBlock,
})
export const blockExt = (name: string): ParamSpec<BlockExtSpecifier> => ({
  type: 'BLOCK_EXT',
  name,
  optional: false,
  parse: parseBlockExt,
})
