/**
 * How bitcoind shows a script: its `asm` text (opcode names, small pushes as numbers, signatures
 * with their sighash type spelled out in a scriptSig), the `type` name of its template and the
 * output descriptor (`desc`) with its checksum, as `decoderawtransaction` and `getblock` print them.
 */
import { scriptToAddress } from '../../bitcoin/address.js'
import type { BtcParams } from '../../bitcoin/params.js'
import { classifyScript } from '../../bitcoin/script.js'
import { derEncodingProblem } from '../../bitcoin/signature.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'

/** Names of the opcodes from OP_NOP (0x61) to OP_CHECKSIGADD (0xba), in opcode order. */
const NAMED = `NOP VER IF NOTIF VERIF VERNOTIF ELSE ENDIF VERIFY RETURN TOALTSTACK FROMALTSTACK 2DROP 2DUP
3DUP 2OVER 2ROT 2SWAP IFDUP DEPTH DROP DUP NIP OVER PICK ROLL ROT SWAP TUCK CAT SUBSTR LEFT RIGHT SIZE
INVERT AND OR XOR EQUAL EQUALVERIFY RESERVED1 RESERVED2 1ADD 1SUB 2MUL 2DIV NEGATE ABS NOT 0NOTEQUAL ADD
SUB MUL DIV MOD LSHIFT RSHIFT BOOLAND BOOLOR NUMEQUAL NUMEQUALVERIFY NUMNOTEQUAL LESSTHAN GREATERTHAN
LESSTHANOREQUAL GREATERTHANOREQUAL MIN MAX WITHIN RIPEMD160 SHA1 SHA256 HASH160 HASH256 CODESEPARATOR
CHECKSIG CHECKSIGVERIFY CHECKMULTISIG CHECKMULTISIGVERIFY NOP1 CHECKLOCKTIMEVERIFY CHECKSEQUENCEVERIFY NOP4
NOP5 NOP6 NOP7 NOP8 NOP9 NOP10 CHECKSIGADD`
  .split(/\s+/)
  .map((name) => `OP_${name}`)

export function opcodeName(opcode: number): string {
  if (opcode === 0) return '0'
  if (opcode === 0x4f) return '-1'
  if (opcode === 0x50) return 'OP_RESERVED'
  if (opcode >= 0x51 && opcode <= 0x60) return String(opcode - 0x50)
  if (opcode >= 0x61 && opcode <= 0xba) return NAMED[opcode - 0x61] as string
  if (opcode === 0xff) return 'OP_INVALIDOPCODE'
  if (opcode >= 0x4c && opcode <= 0x4e)
    return ['OP_PUSHDATA1', 'OP_PUSHDATA2', 'OP_PUSHDATA4'][opcode - 0x4c] as string
  return 'OP_UNKNOWN'
}

/** A push of at most 4 bytes read as a script number (little-endian, sign in the top bit). */
function scriptNumber(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0
  let value = 0
  for (let i = bytes.length - 1; i >= 0; i--) value = value * 256 + (bytes[i] as number)
  const top = 0x80 * 256 ** (bytes.length - 1)
  return (bytes[bytes.length - 1] as number) & 0x80 ? -(value - top) : value
}

const SIGHASH_NAMES: Readonly<Record<number, string>> = {
  1: 'ALL',
  2: 'NONE',
  3: 'SINGLE',
  129: 'ALL|ANYONECANPAY',
  130: 'NONE|ANYONECANPAY',
  131: 'SINGLE|ANYONECANPAY',
}

/** A push that is a strictly encoded signature with a defined hash type: its hex and `[TYPE]`. */
function signatureText(bytes: Uint8Array): string | undefined {
  const name = SIGHASH_NAMES[bytes[bytes.length - 1] as number]
  if (name === undefined || derEncodingProblem(bytes.subarray(0, -1)) !== undefined) return undefined
  return `${bytesToUnprefixedHex(bytes.subarray(0, -1))}[${name}]`
}

/**
 * The `asm` text of a script. `decodeSignatures` is for scriptSigs (and not for unspendable
 * scripts): a signature push ends in its sighash type's name instead of its last byte. A push that
 * runs past the script's end ends the text with `[error]`.
 */
export function scriptAsm(script: Uint8Array, decodeSignatures = false): string {
  const parts: string[] = []
  const sighashes = decodeSignatures && !(script[0] === 0x6a || script.length > 10_000)
  let at = 0
  while (at < script.length) {
    const opcode = script[at++] as number
    if (opcode > 0x4e) {
      parts.push(opcodeName(opcode))
      continue
    }
    const sizeBytes = opcode === 0x4c ? 1 : opcode === 0x4d ? 2 : opcode === 0x4e ? 4 : 0
    if (at + sizeBytes > script.length) return [...parts, '[error]'].join(' ')
    let length = sizeBytes === 0 ? opcode : 0
    for (let i = sizeBytes - 1; i >= 0; i--) length = length * 256 + (script[at + i] as number)
    at += sizeBytes
    if (at + length > script.length) return [...parts, '[error]'].join(' ')
    const data = script.subarray(at, at + length)
    at += length
    if (data.length <= 4) parts.push(String(scriptNumber(data)))
    else parts.push((sighashes && signatureText(data)) || bytesToUnprefixedHex(data))
  }
  return parts.join(' ')
}

/** bitcoind's name of an output script's template (`TxoutType`). */
export function scriptType(script: Uint8Array): string {
  const template = classifyScript(script)
  switch (template.kind) {
    case 'p2pkh':
      return 'pubkeyhash'
    case 'p2sh':
      return 'scripthash'
    case 'p2wpkh':
      return 'witness_v0_keyhash'
    case 'p2wsh':
      return 'witness_v0_scripthash'
    case 'p2tr':
      return 'witness_v1_taproot'
    case 'nulldata':
      return 'nulldata'
    case 'multisig':
      return 'multisig'
    default:
      if (payToPublicKey(script)) return 'pubkey'
      return witnessProgram(script) ? 'witness_unknown' : 'nonstandard'
  }
}

function payToPublicKey(script: Uint8Array): boolean {
  const n = script[0] as number
  if (script.length !== n + 2 || script[n + 1] !== 0xac) return false
  return (n === 33 && (script[1] === 2 || script[1] === 3)) || (n === 65 && script[1] === 4)
}

function witnessProgram(script: Uint8Array): boolean {
  const version = script[0] as number
  if (script.length < 4 || script.length > 42 || !(version === 0 || (version >= 0x51 && version <= 0x60)))
    return false
  return script[1] === script.length - 2
}

/** `scriptPubKey` as bitcoind prints it: asm, desc, hex, address (when it has one), type. */
export function scriptPubKeyJson(script: Uint8Array, params: BtcParams): ScriptPubKeyJson {
  const hex = bytesToUnprefixedHex(script)
  const address = scriptToAddress(script, params)
  const type = scriptType(script)
  const json: ScriptPubKeyJson = {
    asm: scriptAsm(script),
    desc: descriptorOf(script, type, hex, address),
    hex,
  }
  if (address !== undefined) json.address = address
  json.type = type
  return json
}

export interface ScriptPubKeyJson {
  asm: string
  desc: string
  hex: string
  address?: string
  type?: string
}

/** The descriptor bitcoind infers for an output script without knowing any key behind it. */
function descriptorOf(script: Uint8Array, type: string, hex: string, address: string | undefined): string {
  if (address !== undefined) return withChecksum(`addr(${address})`)
  if (type === 'pubkey') return withChecksum(`pk(${bytesToUnprefixedHex(script.subarray(1, -1))})`)
  const template = classifyScript(script)
  if (template.kind === 'multisig') {
    const keys = template.publicKeys.map(bytesToUnprefixedHex).join(',')
    return withChecksum(`multi(${template.m},${keys})`)
  }
  return withChecksum(`raw(${hex})`)
}

// Descriptor checksums (BIP380): a BCH code over the descriptor's characters in 5-bit groups.
const INPUT_CHARSET =
  '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ '
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn]

function polymod(checksum: bigint, value: number): bigint {
  const top = checksum >> 35n
  let next = ((checksum & 0x7ffffffffn) << 5n) ^ BigInt(value)
  for (let i = 0; i < 5; i++) if ((top >> BigInt(i)) & 1n) next ^= GENERATOR[i] as bigint
  return next
}

export function withChecksum(descriptor: string): string {
  let checksum = 1n
  let group = 0
  let groupSize = 0
  for (const char of descriptor) {
    const position = INPUT_CHARSET.indexOf(char)
    if (position < 0) return descriptor
    checksum = polymod(checksum, position & 31)
    group = group * 3 + (position >> 5)
    if (++groupSize === 3) {
      checksum = polymod(checksum, group)
      group = 0
      groupSize = 0
    }
  }
  if (groupSize > 0) checksum = polymod(checksum, group)
  for (let i = 0; i < 8; i++) checksum = polymod(checksum, 0)
  checksum ^= 1n
  let text = ''
  for (let i = 0; i < 8; i++) text += CHECKSUM_CHARSET[Number((checksum >> BigInt(5 * (7 - i))) & 31n)]
  return `${descriptor}#${text}`
}
