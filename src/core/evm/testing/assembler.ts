/**
 * A tiny assembler for tests: `asm('PUSH1 0x02 PUSH1 0x03 ADD')`. Mnemonics are the names of
 * `OPCODE_NAMES`; a hex literal after PUSHn is its immediate, a bare hex literal is raw bytes.
 * `PUSH <value>` picks the smallest PUSHn (PUSH0 for zero).
 */
import { hexToBytes } from '../../util/hex.js'
import { OPCODE_NAMES } from '../opcodes.js'

const OPCODES = new Map<string, number>()
OPCODE_NAMES.forEach((name, op) => {
  if (name !== 'INVALID') OPCODES.set(name, op)
})
OPCODES.set('KECCAK256', 0x20)
OPCODES.set('INVALID', 0xfe)

function pushBytes(value: bigint, width?: number): number[] {
  let hex = value.toString(16)
  if (hex.length % 2) hex = `0${hex}`
  const bytes = value === 0n ? [] : Array.from(hexToBytes(hex))
  const size = width ?? bytes.length
  if (bytes.length > size || size > 32) throw new Error(`push value too wide: ${value}`)
  return [...new Array<number>(size - bytes.length).fill(0), ...bytes]
}

export function asm(source: string): Uint8Array {
  const tokens = source.split(/\s+/).filter((t) => t.length > 0)
  const out: number[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const upper = token.toUpperCase()
    if (upper === 'PUSH') {
      const value = BigInt(tokens[++i]!)
      if (value === 0n) out.push(0x5f)
      else {
        const bytes = pushBytes(value)
        out.push(0x5f + bytes.length, ...bytes)
      }
      continue
    }
    const op = OPCODES.get(upper)
    if (op !== undefined) {
      out.push(op)
      if (op >= 0x60 && op <= 0x7f) out.push(...pushBytes(BigInt(tokens[++i]!), op - 0x5f))
      continue
    }
    if (/^0x[0-9a-fA-F]*$/.test(token)) {
      out.push(...hexToBytes(token))
      continue
    }
    throw new Error(`unknown mnemonic: ${token}`)
  }
  return Uint8Array.from(out)
}
