/**
 * Bitcoin scripts: (de)compilation and the standard output templates the simulated chain and the
 * Bridge deal with. `decompileScript` keeps the script's exact pushes so that compiling its result
 * gives back the same bytes (signature hashes and P2SH hashes are over exact bytes).
 */
import { equalBytes } from '../util/hex'
import {
  OP_0,
  OP_CHECKMULTISIG,
  OP_CHECKSIG,
  OP_DUP,
  OP_EQUAL,
  OP_EQUALVERIFY,
  OP_HASH160,
  OP_PUSHDATA1,
  OP_PUSHDATA2,
  OP_PUSHDATA4,
  OP_RETURN,
  smallIntOpcode,
  smallIntValue,
} from './opcodes'

/** A script that cannot be decompiled (a push running past its end). */
export class ScriptError extends Error {
  override name = 'ScriptError'
}

export type ScriptTemplate =
  | { kind: 'p2pkh'; hash: Uint8Array }
  | { kind: 'p2sh'; hash: Uint8Array }
  | { kind: 'p2wpkh'; hash: Uint8Array }
  | { kind: 'p2wsh'; hash: Uint8Array }
  /** Witness v1 output; `hash` is the 32-byte x-only output key. */
  | { kind: 'p2tr'; hash: Uint8Array }
  | { kind: 'nulldata'; data: Uint8Array }
  | { kind: 'multisig'; m: number; publicKeys: Uint8Array[] }
  | { kind: 'nonstandard' }

/** Opcodes as numbers, data pushes (opcodes 0x01–0x4e) as their bytes; OP_0 stays the number 0. */
export type ScriptChunk = number | Uint8Array

export function decompileScript(script: Uint8Array): ScriptChunk[] {
  const chunks: ScriptChunk[] = []
  let at = 0
  while (at < script.length) {
    const opcode = script[at++] as number
    let length: number
    if (opcode >= 0x01 && opcode < OP_PUSHDATA1) length = opcode
    else if (opcode === OP_PUSHDATA1) length = readLength(script, at, 1)
    else if (opcode === OP_PUSHDATA2) length = readLength(script, at, 2)
    else if (opcode === OP_PUSHDATA4) length = readLength(script, at, 4)
    else {
      chunks.push(opcode)
      continue
    }
    if (opcode >= OP_PUSHDATA1) at += opcode === OP_PUSHDATA1 ? 1 : opcode === OP_PUSHDATA2 ? 2 : 4
    if (at + length > script.length) {
      throw new ScriptError(`push of ${length} bytes at offset ${at} runs past the script's end`)
    }
    chunks.push(script.slice(at, at + length))
    at += length
  }
  return chunks
}

function readLength(script: Uint8Array, at: number, size: number): number {
  if (at + size > script.length) throw new ScriptError(`truncated push length at offset ${at}`)
  let value = 0
  for (let i = size - 1; i >= 0; i--) value = value * 256 + (script[at + i] as number)
  return value
}

/** Compiles chunks; data is pushed with the shortest push opcode for its length (empty → OP_0). */
export function compileScript(chunks: ScriptChunk[]): Uint8Array {
  const parts: number[] = []
  for (const chunk of chunks) {
    if (typeof chunk === 'number') {
      if (!Number.isInteger(chunk) || chunk < 0 || chunk > 0xff) throw new ScriptError(`bad opcode ${chunk}`)
      parts.push(chunk)
      continue
    }
    const n = chunk.length
    if (n === 0) parts.push(OP_0)
    else if (n < OP_PUSHDATA1) parts.push(n)
    else if (n <= 0xff) parts.push(OP_PUSHDATA1, n)
    else if (n <= 0xffff) parts.push(OP_PUSHDATA2, n & 0xff, n >>> 8)
    else parts.push(OP_PUSHDATA4, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)
    for (const byte of chunk) parts.push(byte)
  }
  return Uint8Array.from(parts)
}

/** True when every chunk is a push (data or a small-integer opcode), as a P2SH scriptSig must be. */
export function isPushOnly(chunks: ScriptChunk[]): boolean {
  return chunks.every((chunk) => typeof chunk !== 'number' || chunk <= 0x60)
}

function hash20(hash: Uint8Array, what: string): Uint8Array {
  if (hash.length !== 20) throw new RangeError(`${what} takes a 20-byte hash, got ${hash.length} bytes`)
  return hash
}

export function p2pkhScript(hash: Uint8Array): Uint8Array {
  return compileScript([OP_DUP, OP_HASH160, hash20(hash, 'P2PKH'), OP_EQUALVERIFY, OP_CHECKSIG])
}

export function p2shScript(hash: Uint8Array): Uint8Array {
  return compileScript([OP_HASH160, hash20(hash, 'P2SH'), OP_EQUAL])
}

export function p2wpkhScript(hash: Uint8Array): Uint8Array {
  return compileScript([OP_0, hash20(hash, 'P2WPKH')])
}

export function p2wshScript(hash: Uint8Array): Uint8Array {
  if (hash.length !== 32) throw new RangeError(`P2WSH takes a 32-byte hash, got ${hash.length} bytes`)
  return compileScript([OP_0, hash])
}

/**
 * `OP_m <keys…> OP_n OP_CHECKMULTISIG`, keys in the given order (a federation sorts its keys
 * before building its script; this does not).
 */
export function multisigScript(m: number, publicKeys: Uint8Array[]): Uint8Array {
  const n = publicKeys.length
  if (!Number.isInteger(m) || m < 1 || m > n || n > 16) {
    throw new RangeError(`a multisig script needs 1 ≤ m ≤ n ≤ 16, got ${m}-of-${n}`)
  }
  for (const key of publicKeys) {
    if (!isPublicKeyShape(key)) throw new RangeError('multisig keys must be 33- or 65-byte public keys')
  }
  return compileScript([smallIntOpcode(m), ...publicKeys, smallIntOpcode(n), OP_CHECKMULTISIG])
}

/** `OP_RETURN <data>`: an unspendable output carrying data (RSKIP170 peg-in destinations). */
export function nullDataScript(data: Uint8Array): Uint8Array {
  return compileScript([OP_RETURN, data])
}

function isPublicKeyShape(key: Uint8Array): boolean {
  if (key.length === 33) return key[0] === 0x02 || key[0] === 0x03
  return key.length === 65 && key[0] === 0x04
}

function matchesBytes(script: Uint8Array, prefix: number[], hashLength: number, suffix: number[]): boolean {
  if (script.length !== prefix.length + hashLength + suffix.length) return false
  if (!equalBytes(script.subarray(0, prefix.length), Uint8Array.from(prefix))) return false
  return equalBytes(script.subarray(prefix.length + hashLength), Uint8Array.from(suffix))
}

export function classifyScript(script: Uint8Array): ScriptTemplate {
  if (matchesBytes(script, [OP_DUP, OP_HASH160, 20], 20, [OP_EQUALVERIFY, OP_CHECKSIG])) {
    return { kind: 'p2pkh', hash: script.slice(3, 23) }
  }
  if (matchesBytes(script, [OP_HASH160, 20], 20, [OP_EQUAL]))
    return { kind: 'p2sh', hash: script.slice(2, 22) }
  if (matchesBytes(script, [OP_0, 20], 20, [])) return { kind: 'p2wpkh', hash: script.slice(2) }
  if (matchesBytes(script, [OP_0, 32], 32, [])) return { kind: 'p2wsh', hash: script.slice(2) }
  if (matchesBytes(script, [0x51, 32], 32, [])) return { kind: 'p2tr', hash: script.slice(2) }
  let chunks: ScriptChunk[]
  try {
    chunks = decompileScript(script)
  } catch {
    return { kind: 'nonstandard' }
  }
  if (chunks[0] === OP_RETURN) return classifyNullData(chunks.slice(1))
  return classifyMultisig(chunks)
}

function classifyNullData(rest: ScriptChunk[]): ScriptTemplate {
  const parts: Uint8Array[] = []
  for (const chunk of rest) {
    if (typeof chunk === 'number') {
      if (chunk !== OP_0) return { kind: 'nonstandard' }
      continue
    }
    parts.push(chunk)
  }
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    data.set(part, at)
    at += part.length
  }
  return { kind: 'nulldata', data }
}

function classifyMultisig(chunks: ScriptChunk[]): ScriptTemplate {
  if (chunks.length < 4 || chunks[chunks.length - 1] !== OP_CHECKMULTISIG) return { kind: 'nonstandard' }
  const first = chunks[0]
  const last = chunks[chunks.length - 2]
  if (typeof first !== 'number' || typeof last !== 'number') return { kind: 'nonstandard' }
  const m = smallIntValue(first)
  const n = smallIntValue(last)
  const keys = chunks.slice(1, -2)
  if (m === undefined || n === undefined || m < 1 || m > n || n !== keys.length)
    return { kind: 'nonstandard' }
  const publicKeys: Uint8Array[] = []
  for (const key of keys) {
    if (typeof key === 'number' || !isPublicKeyShape(key)) return { kind: 'nonstandard' }
    publicKeys.push(key)
  }
  return { kind: 'multisig', m, publicKeys }
}
