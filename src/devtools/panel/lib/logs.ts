/** Event logs decoded with the standard ERC-20/721/1155 events plus any ABI the developer pastes. */
import { type Abi, type AbiEvent, decodeEventLog, type Hex, parseAbi } from 'viem'

export const STANDARD_EVENTS: Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
])
/** ERC-721 Transfer: same signature as ERC-20's, but the third argument is indexed. */
const ERC721_TRANSFER: Abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
])

export interface LogLike {
  address: string
  topics: string[]
  data: string
}

export interface DecodedLog {
  name: string
  args: Record<string, unknown>
}

function tryDecode(abi: Abi, log: LogLike): DecodedLog | null {
  try {
    const decoded = decodeEventLog({
      abi,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data as Hex,
      strict: true,
    })
    const args = decoded.args as unknown
    const record: Record<string, unknown> = Array.isArray(args)
      ? { ...args }
      : ((args ?? {}) as Record<string, unknown>)
    return { name: decoded.eventName ?? 'anonymous', args: record }
  } catch {
    return null
  }
}

/** Pasted ABI first (it knows the contract best), then the standards. */
export function decodeLog(log: LogLike, userAbi?: Abi): DecodedLog | null {
  if (log.topics.length === 0) return null
  if (userAbi) {
    const decoded = tryDecode(userAbi, log)
    if (decoded) return decoded
  }
  return (
    tryDecode(log.topics.length === 4 ? ERC721_TRANSFER : STANDARD_EVENTS, log) ??
    tryDecode(STANDARD_EVENTS, log)
  )
}

/** Reads a pasted ABI (JSON array or human-readable lines); throws with a readable message. */
export function parseUserAbi(text: string): Abi {
  const trimmed = text.trim()
  if (!trimmed) return []
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as unknown
    const abi = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown }).abi
    if (!Array.isArray(abi)) throw new Error('JSON has no ABI array')
    return abi as Abi
  }
  return parseAbi(
    trimmed
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean) as string[],
  )
}

export function eventNames(abi: Abi): string[] {
  return abi.filter((item): item is AbiEvent => item.type === 'event').map((e) => e.name)
}

export function formatArg(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return `[${value.map(formatArg).join(', ')}]`
  return String(value)
}
