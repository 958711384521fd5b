/**
 * The opcode set of Rootstock (reference §6.6) with RSKj's tier prices and stack arity
 * (`org.ethereum.vm.OpCode`). Opcodes absent here are invalid on RSK: blob opcodes, EOF, and the
 * RSK-only DUPN/SWAPN/TXINDEX that RSKIP191 disabled.
 */
import { GasCost } from './gas.js'

interface OpcodeSpec {
  name: string
  /** Stack items consumed. */
  inputs: number
  /** Stack items produced. */
  outputs: number
  /** Tier price charged before any dynamic part. */
  gas: number
}

const { ZERO, BASE, VERY_LOW, LOW, MID, HIGH, EXT, SPECIAL } = GasCost

const SPECS: Record<number, OpcodeSpec> = {
  0: { name: 'STOP', inputs: 0, outputs: 0, gas: ZERO },
  1: { name: 'ADD', inputs: 2, outputs: 1, gas: VERY_LOW },
  2: { name: 'MUL', inputs: 2, outputs: 1, gas: LOW },
  3: { name: 'SUB', inputs: 2, outputs: 1, gas: VERY_LOW },
  4: { name: 'DIV', inputs: 2, outputs: 1, gas: LOW },
  5: { name: 'SDIV', inputs: 2, outputs: 1, gas: LOW },
  6: { name: 'MOD', inputs: 2, outputs: 1, gas: LOW },
  7: { name: 'SMOD', inputs: 2, outputs: 1, gas: LOW },
  8: { name: 'ADDMOD', inputs: 3, outputs: 1, gas: MID },
  9: { name: 'MULMOD', inputs: 3, outputs: 1, gas: MID },
  10: { name: 'EXP', inputs: 2, outputs: 1, gas: GasCost.EXP_GAS },
  11: { name: 'SIGNEXTEND', inputs: 2, outputs: 1, gas: LOW },
  16: { name: 'LT', inputs: 2, outputs: 1, gas: VERY_LOW },
  17: { name: 'GT', inputs: 2, outputs: 1, gas: VERY_LOW },
  18: { name: 'SLT', inputs: 2, outputs: 1, gas: VERY_LOW },
  19: { name: 'SGT', inputs: 2, outputs: 1, gas: VERY_LOW },
  20: { name: 'EQ', inputs: 2, outputs: 1, gas: VERY_LOW },
  21: { name: 'ISZERO', inputs: 1, outputs: 1, gas: VERY_LOW },
  22: { name: 'AND', inputs: 2, outputs: 1, gas: VERY_LOW },
  23: { name: 'OR', inputs: 2, outputs: 1, gas: VERY_LOW },
  24: { name: 'XOR', inputs: 2, outputs: 1, gas: VERY_LOW },
  25: { name: 'NOT', inputs: 1, outputs: 1, gas: VERY_LOW },
  26: { name: 'BYTE', inputs: 2, outputs: 1, gas: VERY_LOW },
  27: { name: 'SHL', inputs: 2, outputs: 1, gas: VERY_LOW },
  28: { name: 'SHR', inputs: 2, outputs: 1, gas: VERY_LOW },
  29: { name: 'SAR', inputs: 2, outputs: 1, gas: VERY_LOW },
  32: { name: 'SHA3', inputs: 2, outputs: 1, gas: GasCost.SHA3 },
  48: { name: 'ADDRESS', inputs: 0, outputs: 1, gas: BASE },
  49: { name: 'BALANCE', inputs: 1, outputs: 1, gas: GasCost.BALANCE },
  50: { name: 'ORIGIN', inputs: 0, outputs: 1, gas: BASE },
  51: { name: 'CALLER', inputs: 0, outputs: 1, gas: BASE },
  52: { name: 'CALLVALUE', inputs: 0, outputs: 1, gas: BASE },
  53: { name: 'CALLDATALOAD', inputs: 1, outputs: 1, gas: VERY_LOW },
  54: { name: 'CALLDATASIZE', inputs: 0, outputs: 1, gas: BASE },
  55: { name: 'CALLDATACOPY', inputs: 3, outputs: 0, gas: VERY_LOW },
  56: { name: 'CODESIZE', inputs: 0, outputs: 1, gas: BASE },
  57: { name: 'CODECOPY', inputs: 3, outputs: 0, gas: VERY_LOW },
  58: { name: 'GASPRICE', inputs: 0, outputs: 1, gas: BASE },
  59: { name: 'EXTCODESIZE', inputs: 1, outputs: 1, gas: GasCost.EXT_CODE_SIZE },
  60: { name: 'EXTCODECOPY', inputs: 4, outputs: 0, gas: GasCost.EXT_CODE_COPY },
  61: { name: 'RETURNDATASIZE', inputs: 0, outputs: 1, gas: BASE },
  62: { name: 'RETURNDATACOPY', inputs: 3, outputs: 0, gas: VERY_LOW },
  63: { name: 'EXTCODEHASH', inputs: 1, outputs: 1, gas: GasCost.EXT_CODE_HASH },
  64: { name: 'BLOCKHASH', inputs: 1, outputs: 1, gas: EXT },
  65: { name: 'COINBASE', inputs: 0, outputs: 1, gas: BASE },
  66: { name: 'TIMESTAMP', inputs: 0, outputs: 1, gas: BASE },
  67: { name: 'NUMBER', inputs: 0, outputs: 1, gas: BASE },
  68: { name: 'DIFFICULTY', inputs: 0, outputs: 1, gas: BASE },
  69: { name: 'GASLIMIT', inputs: 0, outputs: 1, gas: BASE },
  70: { name: 'CHAINID', inputs: 0, outputs: 1, gas: BASE },
  71: { name: 'SELFBALANCE', inputs: 0, outputs: 1, gas: LOW },
  72: { name: 'BASEFEE', inputs: 0, outputs: 1, gas: BASE },
  80: { name: 'POP', inputs: 1, outputs: 0, gas: BASE },
  81: { name: 'MLOAD', inputs: 1, outputs: 1, gas: VERY_LOW },
  82: { name: 'MSTORE', inputs: 2, outputs: 0, gas: VERY_LOW },
  83: { name: 'MSTORE8', inputs: 2, outputs: 0, gas: VERY_LOW },
  84: { name: 'SLOAD', inputs: 1, outputs: 1, gas: GasCost.SLOAD },
  85: { name: 'SSTORE', inputs: 2, outputs: 0, gas: 0 },
  86: { name: 'JUMP', inputs: 1, outputs: 0, gas: MID },
  87: { name: 'JUMPI', inputs: 2, outputs: 0, gas: HIGH },
  88: { name: 'PC', inputs: 0, outputs: 1, gas: BASE },
  89: { name: 'MSIZE', inputs: 0, outputs: 1, gas: BASE },
  90: { name: 'GAS', inputs: 0, outputs: 1, gas: BASE },
  91: { name: 'JUMPDEST', inputs: 0, outputs: 0, gas: SPECIAL },
  92: { name: 'TLOAD', inputs: 1, outputs: 1, gas: GasCost.TLOAD },
  93: { name: 'TSTORE', inputs: 2, outputs: 0, gas: GasCost.TSTORE },
  94: { name: 'MCOPY', inputs: 3, outputs: 0, gas: VERY_LOW },
  95: { name: 'PUSH0', inputs: 0, outputs: 1, gas: BASE },
  240: { name: 'CREATE', inputs: 3, outputs: 1, gas: GasCost.CREATE },
  241: { name: 'CALL', inputs: 7, outputs: 1, gas: 0 },
  242: { name: 'CALLCODE', inputs: 7, outputs: 1, gas: 0 },
  243: { name: 'RETURN', inputs: 2, outputs: 0, gas: ZERO },
  244: { name: 'DELEGATECALL', inputs: 6, outputs: 1, gas: 0 },
  245: { name: 'CREATE2', inputs: 4, outputs: 1, gas: GasCost.CREATE },
  250: { name: 'STATICCALL', inputs: 6, outputs: 1, gas: 0 },
  253: { name: 'REVERT', inputs: 2, outputs: 0, gas: ZERO },
  255: { name: 'SELFDESTRUCT', inputs: 1, outputs: 0, gas: GasCost.SUICIDE },
}
for (let n = 1; n <= 32; n++) SPECS[0x5f + n] = { name: `PUSH${n}`, inputs: 0, outputs: 1, gas: VERY_LOW }
for (let n = 1; n <= 16; n++) {
  SPECS[0x7f + n] = { name: `DUP${n}`, inputs: n, outputs: n + 1, gas: VERY_LOW }
  SPECS[0x8f + n] = { name: `SWAP${n}`, inputs: n + 1, outputs: n + 1, gas: VERY_LOW }
}
for (let n = 0; n <= 4; n++)
  SPECS[0xa0 + n] = { name: `LOG${n}`, inputs: n + 2, outputs: 0, gas: GasCost.LOG_GAS }

/** Name of every opcode (`INVALID` for undefined bytes), for tracers and errors. */
export const OPCODE_NAMES: readonly string[] = Array.from(
  { length: 256 },
  (_, op) => SPECS[op]?.name ?? 'INVALID',
)
/** Static (tier) gas per opcode; dynamic parts are added by the interpreter. */
export const OPCODE_GAS: Int32Array = Int32Array.from({ length: 256 }, (_, op) => SPECS[op]?.gas ?? 0)
/** Minimum stack height to run the opcode, or -1 when the opcode is invalid on RSK. */
export const OPCODE_MIN_STACK: Int16Array = Int16Array.from(
  { length: 256 },
  (_, op) => SPECS[op]?.inputs ?? -1,
)
/** Largest stack height before the opcode that still fits in 1024 after it runs. */
export const OPCODE_MAX_STACK: Int16Array = Int16Array.from({ length: 256 }, (_, op) => {
  const spec = SPECS[op]
  return spec ? 1024 + spec.inputs - spec.outputs : 0
})

export function isValidOpcode(op: number): boolean {
  return SPECS[op] !== undefined
}
