/** Shared fixtures for the EVM's tests and benchmarks: accounts, a block and a one-call runner. */
import type { Address } from '../../util/hex.js'
import { executeTransaction } from '../transaction.js'
import type { BlockEnv, ExecuteTransactionOptions, ExecutionResult } from '../types.js'
import { type GenesisAccount, MemoryState } from './memoryState.js'

export const SENDER = `0x${'a1'.repeat(20)}` as Address
export const CONTRACT = `0x${'c0'.repeat(20)}` as Address
export const OTHER = `0x${'b2'.repeat(20)}` as Address
export const REMASC = '0x0000000000000000000000000000000001000008' as Address
export const COINBASE = `0x${'cb'.repeat(20)}` as Address

export const BLOCK: BlockEnv = {
  number: 1000n,
  timestamp: 1_700_000_000n,
  coinbase: COINBASE,
  difficulty: 0x20000n,
  gasLimit: 6_800_000n,
  minimumGasPrice: 60_000_000n,
  chainId: 33n,
  getBlockHash: (n) => Uint8Array.from({ length: 32 }, (_, i) => Number((n + BigInt(i)) & 0xffn)),
}

export interface CallContractParameters {
  data?: Uint8Array
  value?: bigint
  gasLimit?: bigint
  gasPrice?: bigint
  /** Extra accounts in the genesis, by address. */
  accounts?: Record<string, GenesisAccount>
  storage?: Record<string, bigint>
  /** The block it runs in; `BLOCK` unless given. */
  block?: BlockEnv
  options?: ExecuteTransactionOptions
}

export interface CallContractReturnType extends ExecutionResult {
  state: MemoryState
}

/** Runs one transaction from a funded SENDER to CONTRACT holding `code`, and applies its diff. */
export function callContract(
  code: Uint8Array,
  parameters: CallContractParameters = {},
): CallContractReturnType {
  const state = new MemoryState({
    [SENDER]: { balance: 10n ** 24n },
    [CONTRACT]: { code, storage: parameters.storage, balance: 1000n },
    ...parameters.accounts,
  })
  const result = executeTransaction(
    state,
    {
      from: SENDER,
      to: CONTRACT,
      value: parameters.value ?? 0n,
      data: parameters.data ?? new Uint8Array(0),
      gasLimit: parameters.gasLimit ?? 1_000_000n,
      gasPrice: parameters.gasPrice ?? 1n,
      nonce: 0n,
    },
    parameters.block ?? BLOCK,
    { feeRecipient: REMASC, ...parameters.options },
  )
  state.applyDiff(result.diff)
  return { ...result, state }
}
