/** The Bitcoin script opcodes the standard templates and their spends use. */
export const OP_0 = 0x00
export const OP_PUSHDATA1 = 0x4c
export const OP_PUSHDATA2 = 0x4d
export const OP_PUSHDATA4 = 0x4e
export const OP_1NEGATE = 0x4f
export const OP_1 = 0x51
export const OP_16 = 0x60
export const OP_RETURN = 0x6a
export const OP_DROP = 0x75
export const OP_DUP = 0x76
export const OP_EQUAL = 0x87
export const OP_EQUALVERIFY = 0x88
export const OP_HASH160 = 0xa9
export const OP_CODESEPARATOR = 0xab
export const OP_CHECKSIG = 0xac
export const OP_CHECKMULTISIG = 0xae

/** OP_1..OP_16 for 1..16, OP_0 for 0. */
export function smallIntOpcode(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 16) throw new RangeError(`no small-integer opcode for ${n}`)
  return n === 0 ? OP_0 : OP_1 + n - 1
}

/** The value of OP_0..OP_16, or undefined for any other opcode. */
export function smallIntValue(opcode: number): number | undefined {
  if (opcode === OP_0) return 0
  if (opcode >= OP_1 && opcode <= OP_16) return opcode - OP_1 + 1
  return undefined
}
