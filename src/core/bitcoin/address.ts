/**
 * Bitcoin addresses of every kind a wallet shows: base58check (P2PKH, P2SH), bech32 (segwit v0:
 * P2WPKH, P2WSH) and bech32m (v1+: P2TR), each for the network's prefixes.
 */
import { bech32, bech32m, createBase58check } from '@scure/base'
import { sha256 } from '../crypto/fastSha256'
import { hash160 } from './hash160'
import type { BtcParams } from './params'
import { classifyScript, p2pkhScript, p2shScript, p2wpkhScript } from './script'

export { hash160 } from './hash160'

export type BtcAddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

/** An address that is malformed or belongs to another network; the message names the problem. */
export class BtcAddressError extends Error {
  override name = 'BtcAddressError'
}

const base58check = createBase58check(sha256)

function isCompressedKey(key: Uint8Array): boolean {
  return key.length === 33 && (key[0] === 0x02 || key[0] === 0x03)
}

function checkPublicKey(key: Uint8Array, compressedOnly: boolean): void {
  if (isCompressedKey(key)) return
  if (!compressedOnly && key.length === 65 && key[0] === 0x04) return
  throw new BtcAddressError(
    compressedOnly
      ? `a segwit address needs a 33-byte compressed public key, got ${key.length} bytes`
      : `not a public key: ${key.length} bytes`,
  )
}

function base58Address(version: number, hash: Uint8Array): string {
  const payload = new Uint8Array(21)
  payload[0] = version
  payload.set(hash, 1)
  return base58check.encode(payload)
}

function segwitAddress(version: number, program: Uint8Array, params: BtcParams): string {
  const words = [version, ...bech32.toWords(program)]
  return version === 0 ? bech32.encode(params.bech32, words) : bech32m.encode(params.bech32, words)
}

/** P2PKH address of a public key (compressed, as every dev key is; uncompressed is accepted too). */
export function p2pkhAddress(publicKey: Uint8Array, params: BtcParams): string {
  checkPublicKey(publicKey, false)
  return base58Address(params.pubKeyHash, hash160(publicKey))
}

export function p2shAddressOfScript(redeemScript: Uint8Array, params: BtcParams): string {
  return base58Address(params.scriptHash, hash160(redeemScript))
}

export function p2wpkhAddress(publicKey: Uint8Array, params: BtcParams): string {
  checkPublicKey(publicKey, true)
  return segwitAddress(0, hash160(publicKey), params)
}

/** The redeem script of P2SH-P2WPKH: the P2WPKH output script of the key. */
export function p2shP2wpkhRedeemScript(publicKey: Uint8Array): Uint8Array {
  checkPublicKey(publicKey, true)
  return p2wpkhScript(hash160(publicKey))
}

export function p2shP2wpkhAddress(publicKey: Uint8Array, params: BtcParams): string {
  return p2shAddressOfScript(p2shP2wpkhRedeemScript(publicKey), params)
}

/** The output script an address pays to; throws BtcAddressError naming what is wrong. */
export function addressToScript(address: string, params: BtcParams): Uint8Array {
  if (typeof address !== 'string' || address.length === 0) throw new BtcAddressError('empty address')
  const lower = address.toLowerCase()
  if (lower.startsWith(`${params.bech32}1`)) return segwitToScript(address, params)
  let payload: Uint8Array
  try {
    payload = base58check.decode(address)
  } catch {
    if (/^[a-z]{1,83}1/i.test(address) && !lower.startsWith(`${params.bech32}1`)) {
      throw new BtcAddressError(`${address} is not a ${params.name} address (prefix is not ${params.bech32})`)
    }
    throw new BtcAddressError(`${address} is not a valid Bitcoin address (bad base58 checksum or characters)`)
  }
  if (payload.length !== 21)
    throw new BtcAddressError(`${address} has a ${payload.length}-byte payload, not 21`)
  const hash = payload.slice(1)
  if (payload[0] === params.pubKeyHash) return p2pkhScript(hash)
  if (payload[0] === params.scriptHash) return p2shScript(hash)
  throw new BtcAddressError(`${address} is not a ${params.name} address (version byte 0x${hex2(payload[0])})`)
}

function hex2(n: number | undefined): string {
  return (n ?? 0).toString(16).padStart(2, '0')
}

function segwitToScript(address: string, params: BtcParams): Uint8Array {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw new BtcAddressError(`${address} mixes upper and lower case`)
  }
  const text = address.toLowerCase()
  const decoded = bech32.decodeUnsafe(text) ?? bech32m.decodeUnsafe(text)
  if (!decoded)
    throw new BtcAddressError(`${address} is not a valid bech32 address (bad checksum or characters)`)
  if (decoded.prefix !== params.bech32) {
    throw new BtcAddressError(`${address} is not a ${params.name} address (prefix is not ${params.bech32})`)
  }
  const [version, ...rest] = decoded.words
  if (version === undefined || version > 16)
    throw new BtcAddressError(`${address} has no valid witness version`)
  // BIP350: version 0 uses bech32, every later version bech32m.
  const isV0Checksum = bech32.decodeUnsafe(text) !== undefined
  if ((version === 0) !== isV0Checksum) {
    throw new BtcAddressError(`${address} uses the wrong checksum for witness version ${version}`)
  }
  const program = bech32.fromWordsUnsafe(rest)
  if (!program || program.length < 2 || program.length > 40) {
    throw new BtcAddressError(`${address} has an invalid witness program`)
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    throw new BtcAddressError(`${address} has a ${program.length}-byte v0 program (20 or 32 expected)`)
  }
  const script = new Uint8Array(2 + program.length)
  script[0] = version === 0 ? 0 : 0x50 + version
  script[1] = program.length
  script.set(program, 2)
  return script
}

/** The address of a standard output script, or undefined (multisig, OP_RETURN, non-standard). */
export function scriptToAddress(script: Uint8Array, params: BtcParams): string | undefined {
  const template = classifyScript(script)
  switch (template.kind) {
    case 'p2pkh':
      return base58Address(params.pubKeyHash, template.hash)
    case 'p2sh':
      return base58Address(params.scriptHash, template.hash)
    case 'p2wpkh':
    case 'p2wsh':
      return segwitAddress(0, template.hash, params)
    case 'p2tr':
      return segwitAddress(1, template.hash, params)
    default:
      return undefined
  }
}

/** The kind of an address (after the same checks as addressToScript). */
export function addressKind(address: string, params: BtcParams): BtcAddressKind | undefined {
  const kind = classifyScript(addressToScript(address, params)).kind
  return kind === 'p2pkh' || kind === 'p2sh' || kind === 'p2wpkh' || kind === 'p2wsh' || kind === 'p2tr'
    ? kind
    : undefined
}
