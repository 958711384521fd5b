/**
 * Rootstock's gas schedule, as RSKj's `org.ethereum.vm.GasCost` defines it. RSK is not an Ethereum
 * hardfork: there is no EIP-2929 (warm/cold), no EIP-2200 (net SSTORE metering) and no EIP-150
 * "all but one 64th" rule, but calldata is priced per EIP-2028 (RSKIP400) and initcode per
 * EIP-3860 (RSKIP438).
 */

export const GasCost = {
  ZERO: 0,
  BASE: 2,
  VERY_LOW: 3,
  LOW: 5,
  MID: 8,
  HIGH: 10,
  EXT: 20,
  /** The "special tier" charge RSKj starts from for opcodes priced by their own rule. */
  SPECIAL: 1,
  BALANCE: 400,
  SHA3: 30,
  SHA3_WORD: 6,
  SLOAD: 200,
  SET_SSTORE: 20000,
  RESET_SSTORE: 5000,
  CLEAR_SSTORE: 5000,
  REFUND_SSTORE: 15000,
  TLOAD: 100,
  TSTORE: 100,
  CREATE: 32000,
  CREATE_DATA: 200,
  CALL: 700,
  STIPEND_CALL: 2300,
  VT_CALL: 9000,
  NEW_ACCT_CALL: 25000,
  MEMORY: 3,
  QUAD_COEFF_DIV: 512,
  COPY_GAS: 3,
  EXP_GAS: 10,
  EXP_BYTE_GAS: 50,
  LOG_GAS: 375,
  LOG_DATA_GAS: 8,
  LOG_TOPIC_GAS: 375,
  EXT_CODE_SIZE: 700,
  EXT_CODE_COPY: 700,
  EXT_CODE_HASH: 400,
  SUICIDE: 5000,
  SUICIDE_REFUND: 24000,
  NEW_ACCT_SUICIDE: 25000,
  INITCODE_WORD_COST: 2,
  TRANSACTION: 21000,
  TRANSACTION_CREATE_CONTRACT: 53000,
  TX_ZERO_DATA: 4,
  /** EIP-2028 price of a non-zero calldata byte (RSKIP400). */
  TX_NO_ZERO_DATA: 16,
} as const

/** Largest contract code a creation may deploy (EIP-170 size, RSKj `Constants.getMaxContractSize`). */
export const MAX_CODE_SIZE = 0x6000
/** Largest initcode (RSKIP438 / EIP-3860). */
export const MAX_INITCODE_SIZE = 0xc000
/** RSKj caps memory at 1 GiB; any larger request is an out-of-gas failure. */
export const MAX_MEMORY = 2 ** 30
export const MAX_CALL_DEPTH = 1024
/** Gas is a Java `long` in RSKj: no amount of it exceeds 2^63 − 1. */
export const LONG_MAX = (1n << 63n) - 1n
export const MAX_STACK = 1024

/** Total memory fee for `words` 32-byte words: 3·w + w²/512. */
export function memoryFee(words: number): number {
  return GasCost.MEMORY * words + Math.floor((words * words) / GasCost.QUAD_COEFF_DIV)
}

/** EIP-3860 initcode charge: 2 gas per (rounded-up) word. */
export function initcodeCost(length: number): number {
  return length > 0 ? GasCost.INITCODE_WORD_COST * Math.ceil(length / 32) : 0
}

export interface IntrinsicGasParameters {
  data: Uint8Array
  /** True for a contract creation (no `to`). */
  isCreate: boolean
}

/**
 * The "basic cost" of a transaction that RSKj's `Transaction.transactionCost` charges before any
 * code runs: 21000 (53000 + initcode words for a creation) plus 4 per zero and 16 per non-zero
 * calldata byte. The mempool uses it to reject transactions whose gas limit cannot cover it.
 */
export function intrinsicGas({ data, isCreate }: IntrinsicGasParameters): bigint {
  let zeros = 0
  for (let i = 0; i < data.length; i++) if (data[i] === 0) zeros++
  const base = isCreate
    ? GasCost.TRANSACTION_CREATE_CONTRACT + initcodeCost(data.length)
    : GasCost.TRANSACTION
  return BigInt(base + zeros * GasCost.TX_ZERO_DATA + (data.length - zeros) * GasCost.TX_NO_ZERO_DATA)
}
