/**
 * Bitcoin amounts and scripts as the Bitcoin view shows them: satoshis as BTC, the data of an
 * OP_RETURN output, and an RSKIP170 peg-in instruction ("RSKT", version 1, the RSK destination and
 * an optional refund address) read as RSKj's PeginInstructionsProvider reads it.
 */
import { base58 } from '@scure/base'
import { sha256d } from '../../../core/crypto/hash.js'
import { bytesToHex, concatBytes, hexToBytes } from '../../../core/util/hex.js'
import type { NetworkId } from '../../../shared/protocol.js'

const SATS_PER_BTC = 100_000_000n

/** Satoshis (bigint or decimal string) as BTC with up to 8 decimals: `1.5 BTC`. */
export function formatSats(sats: bigint | string | number): string {
  const value = BigInt(sats)
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const fraction = (abs % SATS_PER_BTC).toString().padStart(8, '0').replace(/0+$/, '')
  return `${sign}${(abs / SATS_PER_BTC).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} BTC`
}

/** bitcoind's JSON amount (a number of BTC with 8 decimals) in satoshis. */
export function btcToSats(btc: number): bigint {
  return BigInt(Math.round(btc * 1e8))
}

/** An amount typed in BTC (`1`, `0.5`, `0.00000001`) in satoshis; throws naming the problem. */
export function parseBtcAmount(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,8}))?$/.exec(text.trim())
  if (!match) throw new Error(`"${text}" is not an amount in BTC (up to 8 decimals)`)
  const sats = BigInt(match[1]!) * SATS_PER_BTC + BigInt((match[2] ?? '').padEnd(8, '0') || '0')
  if (sats === 0n) throw new Error('the amount must be more than 0 BTC')
  return sats
}

const OP_RETURN = 0x6a
const OP_PUSHDATA1 = 0x4c
const OP_PUSHDATA2 = 0x4d

/**
 * The data pushed after OP_RETURN (the output script's second chunk), or null when the script is
 * not an OP_RETURN or pushes nothing readable.
 */
export function opReturnData(scriptHex: string): Uint8Array | null {
  let script: Uint8Array
  try {
    script = hexToBytes(scriptHex)
  } catch {
    return null
  }
  if (script[0] !== OP_RETURN || script.length < 2) return null
  const op = script[1]!
  let start = 2
  let length: number
  if (op >= 1 && op <= 75) length = op
  else if (op === OP_PUSHDATA1 && script.length >= 3) {
    length = script[2]!
    start = 3
  } else if (op === OP_PUSHDATA2 && script.length >= 4) {
    length = script[2]! | (script[3]! << 8)
    start = 4
  } else return null
  if (start + length > script.length) return null
  return script.slice(start, start + length)
}

export type PeginInstruction =
  | { ok: true; version: number; destination: string; refundAddress?: string }
  | { ok: false; reason: string }

const RSKT = [0x52, 0x53, 0x4b, 0x54]
/** Version bytes of base58 addresses: P2PKH and P2SH (regtest and testnet share them). */
const BASE58_VERSIONS: Record<NetworkId, { p2pkh: number; p2sh: number }> = {
  mainnet: { p2pkh: 0x00, p2sh: 0x05 },
  testnet: { p2pkh: 0x6f, p2sh: 0xc4 },
  regtest: { p2pkh: 0x6f, p2sh: 0xc4 },
}

export function base58Address(version: number, hash160: Uint8Array): string {
  const payload = concatBytes(Uint8Array.of(version), hash160)
  return base58.encode(concatBytes(payload, sha256d(payload).slice(0, 4)))
}

/**
 * An RSKIP170 peg-in instruction in OP_RETURN data: null when the data is not for RSK (no
 * "RSKT" prefix), else the instruction or why the Bridge would refuse it.
 */
export function pegInInstruction(data: Uint8Array, network: NetworkId): PeginInstruction | null {
  if (data.length < 4 || RSKT.some((byte, i) => data[i] !== byte)) return null
  if (data.length < 5) return { ok: false, reason: 'no protocol version' }
  const version = data[4]!
  if (version !== 1) return { ok: false, reason: `unknown protocol version ${version}` }
  if (data.length !== 25 && data.length !== 46)
    return { ok: false, reason: `${data.length} bytes: version 1 has 25 or 46` }
  const destination = bytesToHex(data.slice(5, 25))
  if (data.length === 25) return { ok: true, version, destination }
  const kind = data[25]
  const versions = BASE58_VERSIONS[network]
  const prefix = kind === 1 ? versions.p2pkh : kind === 2 ? versions.p2sh : undefined
  if (prefix === undefined) return { ok: false, reason: `unknown refund address type ${kind}` }
  return { ok: true, version, destination, refundAddress: base58Address(prefix, data.slice(26, 46)) }
}

/** Printable ASCII of OP_RETURN data, when all of it is (a memo), else null. */
export function asciiOf(data: Uint8Array): string | null {
  if (data.length === 0) return null
  for (const byte of data) if (byte < 0x20 || byte > 0x7e) return null
  return String.fromCharCode(...data)
}
