/**
 * Types shared by the interpreter loop and the call/create machinery: the per-transaction
 * context, what a call frame receives and what it returns.
 */
import type { Address } from '../util/hex.js'
import type { JournaledState } from './journal.js'
import type { Memory } from './memory.js'
import type { BlockEnv, CallFrameInfo, EvmTracer, Precompile, StepInfo } from './types.js'

export interface VmContext {
  state: JournaledState
  block: BlockEnv
  origin: Address
  gasPrice: bigint
  precompiles: ReadonlyMap<Address, Precompile>
  tracer: EvmTracer | undefined
  /** Accounts deleted earlier in the block; CREATE at one of them is a collision (RSKIP125). */
  deletedAccounts: ReadonlySet<Address> | undefined
}

export type FrameKind = CallFrameInfo['type']

export interface FrameInput {
  kind: FrameKind
  caller: Address
  /** The account whose storage and balance the code acts on (ADDRESS). */
  address: Address
  /** Where the code came from (differs from `address` for CALLCODE / DELEGATECALL). */
  codeAddress: Address
  /** CALLVALUE. */
  value: bigint
  data: Uint8Array
  code: Uint8Array
  /** Hex code hash, when known, to share the jump-destination analysis across frames. */
  codeHashHex?: string
  gas: number
  depth: number
  isStatic: boolean
}

export enum FrameStatus {
  Success = 0,
  Revert = 1,
  Error = 2,
}

export interface FrameOutput {
  status: FrameStatus
  gasLeft: number
  output: Uint8Array
  error?: string
  /** RSKj's estimateGas flags, merged upward only through successful calls. */
  movedRemainingGasToChild: boolean
  callWithValue: boolean
  /** Highest gas this frame had consumed at any moment (before child refunds). */
  peakGasUsed: number
}

/** Mutable per-frame state the call and create operations read and update. */
export interface FrameScratch {
  gas: number
  memory: Memory
  returnData: Uint8Array
  movedRemainingGasToChild: boolean
  callWithValue: boolean
  peakGasUsed: number
  /** A traced step waiting for its gas cost (only with a tracer). */
  pendingStep: StepInfo | undefined
}

/** An exceptional halt: the frame fails and its remaining gas is consumed. */
export class VmError extends Error {
  override name = 'VmError'
}

export const OUT_OF_GAS = new VmError('out of gas')
export const STACK_UNDERFLOW = new VmError('stack underflow')
export const STACK_OVERFLOW = new VmError('stack overflow')
export const INVALID_OPCODE = new VmError('invalid opcode')
export const BAD_JUMP = new VmError('invalid jump destination')
export const STATIC_STATE_CHANGE = new VmError('static call state modification')
export const RETURN_DATA_OUT_OF_BOUNDS = new VmError('return data out of bounds')
export const INITCODE_TOO_LARGE = new VmError('initcode size exceeded')

export const EMPTY_BYTES: Uint8Array = new Uint8Array(0)

/** Emits a traced step that was waiting for its gas cost. */
export function flushStep(ctx: VmContext, scratch: FrameScratch): void {
  const step = scratch.pendingStep
  if (step === undefined) return
  scratch.pendingStep = undefined
  step.gasCost = step.gas - BigInt(scratch.gas)
  ctx.tracer?.onStep?.(step)
}
