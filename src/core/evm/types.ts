/**
 * The contract between the EVM (`src/core/evm`) and the rest of the node.
 *
 * The EVM runs synchronously over a `StateReader` (the engine's in-memory view of one block's
 * state) and never writes to it: everything a transaction changes comes back as a `StateDiff`
 * that the engine applies (to the flat state and the trie) when it commits a block.
 */
import type { Address } from '../util/hex.js'

export interface AccountData {
  nonce: bigint
  balance: bigint
  /** keccak256 of the code; KECCAK256_EMPTY for none. */
  codeHash: Uint8Array
}

/** Read-only synchronous view of world state before the transaction. */
export interface StateReader {
  /** `undefined` when the account does not exist. */
  getAccount(address: Address): AccountData | undefined
  /** The account's code (empty when none). */
  getCode(address: Address): Uint8Array
  /** Storage value, 0n when unset. */
  getStorage(address: Address, slot: bigint): bigint
}

/** What a transaction (or a chain of them in one block) changed. */
export interface AccountDiff {
  /** The account after the change; `null` when it was deleted (SELFDESTRUCT). */
  account: AccountData | null
  /** New code, present only when the code was set (CREATE / CREATE2 / setCode). */
  code?: Uint8Array
  /** Written storage slots with their new value (0n means cleared). */
  storage: Map<bigint, bigint>
  /** True when the account was (re)created, so storage not listed here must be treated as empty. */
  storageCleared?: boolean
}

export type StateDiff = Map<Address, AccountDiff>

export interface BlockEnv {
  number: bigint
  timestamp: bigint
  coinbase: Address
  difficulty: bigint
  gasLimit: bigint
  /** RSKIP412: BASEFEE returns the block's minimum gas price. */
  minimumGasPrice: bigint
  chainId: bigint
  /** Hash of an ancestor for BLOCKHASH (the last 256 blocks); undefined when out of range. */
  getBlockHash(number: bigint): Uint8Array | undefined
}

export interface Log {
  address: Address
  topics: Uint8Array[]
  data: Uint8Array
}

/** A message call or creation as the EVM sees it. */
export interface Message {
  from: Address
  /** `undefined` for a contract creation. */
  to?: Address
  value: bigint
  data: Uint8Array
  gasLimit: bigint
  gasPrice: bigint
  /** The sender's nonce used for CREATE address derivation and the nonce check. */
  nonce?: bigint
}

export interface ExecuteTransactionOptions {
  /**
   * Local-call semantics of RSKj (`eth_call`, `eth_estimateGas`): skip the nonce, balance,
   * block gas limit and intrinsic gas checks, and do not charge or refund gas.
   */
  localCall?: boolean
  /** Address that receives the fees (REMASC on Rootstock). */
  feeRecipient?: Address
  tracer?: EvmTracer
  /** Extra precompiled contracts (the RSK native contracts), keyed by address. */
  precompiles?: ReadonlyMap<Address, Precompile>
  /**
   * Accounts self-destructed by earlier transactions of the same block: RSKj (RSKIP125) refuses
   * to CREATE/CREATE2 at such an address until the block ends.
   */
  deletedAccounts?: ReadonlySet<Address>
  /** Gas used by the earlier transactions of the block, for the block gas limit check. */
  blockGasUsed?: bigint
  /** The transaction's hash, for native contracts that record it (the Bridge's peg-out requests). */
  txHash?: Uint8Array
  /** The sender's public key, recovered on first use (see `PrecompileContext.senderPublicKey`). */
  senderPublicKey?: () => Uint8Array | null
}

export interface ExecutionResult {
  /** True unless the top-level frame reverted or failed. */
  success: boolean
  /** True when the failure was an explicit REVERT (its data is in `returnData`). */
  reverted: boolean
  /** Exception name for non-revert failures, e.g. `out of gas`, `invalid opcode`. */
  error?: string
  /** Gas charged to the sender after refunds (what the receipt shows). */
  gasUsed: bigint
  /** Gas used before refunds were applied. */
  gasUsedBeforeRefund: bigint
  /** Highest gas consumption seen during execution (for eth_estimateGas). */
  maxGasUsed: bigint
  /** True when some CALL carried value (eth_estimateGas adds 2300 then, as RSKj). */
  callWithValue: boolean
  /**
   * True when some CALL had to give the callee all the gas left (less than it asked for); RSKj's
   * eth_estimateGas then answers `gasUsed + gasRefund` instead of `maxGasUsed`.
   */
  movedRemainingGasToChild?: boolean
  /** Gas refunded to the sender (SSTORE clears and self-destructs, capped at half the gas used). */
  gasRefund?: bigint
  returnData: Uint8Array
  logs: Log[]
  /** Address of the created contract for a successful creation. */
  contractAddress?: Address
  /** Changes to apply, including sender nonce/balance and the fee paid to `feeRecipient`. */
  diff: StateDiff
}

export interface Precompile {
  /** Input beyond this many bytes is ignored (RSKIP516); unlimited when absent. */
  maxInput?: number
  /** Gas cost for this input. */
  gas(input: Uint8Array): bigint
  /** Runs the contract; throw `PrecompileRevert` to revert with data. */
  run(input: Uint8Array, ctx: PrecompileContext): Uint8Array
}

export interface PrecompileContext {
  caller: Address
  value: bigint
  block: BlockEnv
  state: StateReader
  /**
   * Depth of the frame that called the precompile (0 for the transaction's own contract); absent
   * when a transaction calls the precompile directly. RSKIP203's getCallStackDepth reads it.
   */
  callerDepth?: number
  /** The transaction's origin (RSKj `tx.getSender()`), which the Bridge checks for federators. */
  origin?: Address
  /** Hash of the transaction being executed; absent for calls that are not a transaction. */
  txHash?: Uint8Array
  /**
   * The transaction sender's uncompressed public key (recovered on first use), or null when the
   * transaction carries no signature (a call, an impersonated sender).
   */
  senderPublicKey?: () => Uint8Array | null
  /**
   * Changes a native contract makes (RSKj's Bridge writes its storage, moves RBTC and logs events):
   * journaled with the calling frame, so a failed or reverted call undoes them. Absent in a static
   * context, where a native contract must not change state.
   */
  write?: PrecompileWriter
}

/** What a stateful native contract may change, through the executing transaction's journal. */
export interface PrecompileWriter {
  setStorage(address: Address, slot: bigint, value: bigint): void
  /** Moves `amount` wei; the caller checks the balance first. */
  transfer(from: Address, to: Address, amount: bigint): void
  log(address: Address, topics: Uint8Array[], data: Uint8Array): void
}

export interface StepInfo {
  pc: number
  op: number
  opName: string
  gas: bigint
  gasCost: bigint
  depth: number
  stack: readonly bigint[]
  memory: Uint8Array
  /** Storage slots of the executing contract written or read so far in this frame. */
  storage: ReadonlyMap<bigint, bigint>
  address: Address
}

export interface CallFrameInfo {
  type: 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT'
  from: Address
  to: Address
  value: bigint
  gas: bigint
  input: Uint8Array
  depth: number
}

export interface CallFrameResult {
  gasUsed: bigint
  output: Uint8Array
  success: boolean
  reverted: boolean
  error?: string
  logs: Log[]
}

export interface EvmTracer {
  onStep?(step: StepInfo): void
  onCallEnter?(frame: CallFrameInfo): void
  onCallExit?(result: CallFrameResult): void
}
