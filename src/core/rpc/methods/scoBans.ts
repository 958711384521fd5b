/**
 * The simulated node's peer-ban list (`sco_*`): addresses and CIDR blocks validated as RSKj's
 * `InetAddressUtils` does and kept in the chain's store under `sco:banned`. There is no DNS here,
 * so only IP literals are accepted (RSKj would resolve a host name). Addresses are written as
 * Java's `InetAddress.getHostAddress()` does: dotted IPv4, IPv6 as eight uncompressed groups.
 */
import type { ChainEngine } from '../../node/engineApi.js'
import { bytesToUtf8, utf8ToBytes } from '../../util/hex.js'

const STORE_KEY = 'sco:banned'

/** Parsed IP: its bytes (4 or 16) and its Java host-address text. */
interface IpAddress {
  bytes: number[]
  text: string
}

function parseIpv4(text: string): IpAddress | undefined {
  const parts = text.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined
  const bytes = parts.map(Number)
  return { bytes, text: bytes.join('.') }
}

function parseIpv6(input: string): IpAddress | undefined {
  const text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return undefined
  const [head = '', tail] = text.split('::')
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'))
  let headGroups = groupsOf(head)
  let tailGroups = tail === undefined ? [] : groupsOf(tail)
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const expandV4 = (groups: string[]) => {
    const last = groups[groups.length - 1]
    if (!last?.includes('.')) return groups
    const v4 = parseIpv4(last)
    if (!v4) return undefined
    const [a, b, c, d] = v4.bytes as [number, number, number, number]
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
  }
  if (tail === undefined) {
    const expanded = expandV4(headGroups)
    if (!expanded) return undefined
    headGroups = expanded
  } else {
    const expanded = expandV4(tailGroups)
    if (!expanded) return undefined
    tailGroups = expanded
  }
  const missing = 8 - headGroups.length - tailGroups.length
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups]
  if (groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined
  const values = groups.map((g) => Number.parseInt(g, 16))
  const bytes = values.flatMap((v) => [v >> 8, v & 0xff])
  // Java turns an IPv4-mapped IPv6 address into the IPv4 address.
  if (values.slice(0, 5).every((v) => v === 0) && values[5] === 0xffff) {
    const v4 = bytes.slice(12)
    return { bytes: v4, text: v4.join('.') }
  }
  return { bytes, text: values.map((v) => v.toString(16)).join(':') }
}

function isLoopbackOrAny(ip: IpAddress): boolean {
  if (ip.bytes.length === 4) return ip.bytes[0] === 127 || ip.bytes.every((b) => b === 0)
  const allZeroButLast = ip.bytes.slice(0, 15).every((b) => b === 0)
  return allZeroButLast && (ip.bytes[15] === 0 || ip.bytes[15] === 1)
}

/** RSKj `getAddressForBan`: trimmed, an IP literal, not loopback nor the any-address. */
function addressForBan(text: string): IpAddress | undefined {
  const name = text.trim()
  if (name === '') return undefined
  const ip = parseIpv4(name) ?? parseIpv6(name)
  return ip && !isLoopbackOrAny(ip) ? ip : undefined
}

/** True for an IPv4 or IPv6 literal (what `InetAddress.getByName` takes without a DNS lookup). */
export function isIpLiteral(text: string): boolean {
  const name = text.trim()
  return (parseIpv4(name) ?? parseIpv6(name)) !== undefined
}

/** The normalized entry for `text` (address or `address/bits`), or `undefined` if RSKj would refuse it. */
export function normalizeBan(text: string): string | undefined {
  const parts = text.split('/')
  const isBlock = parts.length === 2 && parts[0] !== '' && parts[1] !== ''
  if (!isBlock) return addressForBan(text)?.text
  const ip = addressForBan(parts[0] as string)
  if (!ip || !/^[+-]?\d+$/.test(parts[1] as string)) return undefined
  const bits = Number(parts[1])
  if (bits <= 0 || bits > ip.bytes.length * 8) return undefined
  return `${ip.text}/${bits}`
}

const lists = new WeakMap<ChainEngine, Promise<string[]>>()

async function load(engine: ChainEngine): Promise<string[]> {
  const raw = await engine.kv.get(STORE_KEY)
  return raw ? (JSON.parse(bytesToUtf8(raw)) as string[]) : []
}

/** Banned entries: single addresses first, then blocks (RSKj's listing), each in ban order. */
export async function bannedAddresses(engine: ChainEngine): Promise<string[]> {
  let list = lists.get(engine)
  if (!list) {
    list = load(engine)
    lists.set(engine, list)
  }
  const entries = await list
  return [...entries.filter((e) => !e.includes('/')), ...entries.filter((e) => e.includes('/'))]
}

export async function updateBans(
  engine: ChainEngine,
  change: (entries: string[]) => string[],
): Promise<void> {
  const current = await bannedAddresses(engine)
  const next = change(current)
  lists.set(engine, Promise.resolve(next))
  await engine.kv.put(STORE_KEY, utf8ToBytes(JSON.stringify(next)))
}
