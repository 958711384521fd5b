/**
 * Types shared by the interpreter loop and the call/create machinery: the per-transaction
 * context, what a call frame receives and what it returns.
 */
import type { Address } from '../util/hex.js'
import type { Checkpoint, JournaledState } from './journal.js'
import { Memory } from './memory.js'
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
  /** Hash of the executing transaction (native contracts read it). */
  txHash?: Uint8Array
  senderPublicKey?: () => Uint8Array | null
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
  /** keccak256 of `code` when it comes from an account, to share the code analysis. */
  codeHash?: Uint8Array
  /** The gas handed to the frame: `gas + gasReserve` (see `splitGas`). */
  gas: number
  gasReserve?: bigint
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
  /** The gas left: `gasLeft + gasLeftReserve` (see `splitGas`). */
  gasLeft: number
  gasLeftReserve?: bigint
  output: Uint8Array
  error?: string
  /** RSKj's estimateGas flags, merged upward only through successful calls. */
  movedRemainingGasToChild: boolean
  callWithValue: boolean
  /** Highest gas this frame had consumed at any moment (before child refunds). */
  peakGasUsed: bigint
}

/** A call or create waiting for its child frame to finish. */
export interface PendingChild {
  child: FrameInput
  /** Opcode that started it (CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2). */
  op: number
  checkpoint: Checkpoint
  gasGiven: bigint
  outOffset: number
  outSize: number
  /** Refund counter before a create: init code refunds are dropped (RSKj merges none). */
  refundBefore: number
}

/**
 * Everything a running frame needs, kept in an object so that a frame can be suspended while a
 * child runs: the driver keeps frames in an array instead of recursing, so EVM call depth 1024
 * never meets the JavaScript stack limit.
 */
export interface FrameState {
  input: FrameInput
  stack: bigint[]
  sp: number
  pc: number
  /** Gas left: the counter the interpreter decrements, plus `gasReserve` (see `splitGas`). */
  gas: number
  gasReserve: bigint
  memory: Memory
  returnData: Uint8Array
  movedRemainingGasToChild: boolean
  callWithValue: boolean
  /** Highest gas consumed so far (before child refunds). */
  peakGasUsed: bigint
  /** A traced step waiting for its gas cost (only with a tracer). */
  pendingStep: StepInfo | undefined
  /** Storage slots read or written in this frame (only with a step tracer). */
  tracedStorage: Map<bigint, bigint> | undefined
  pending: PendingChild | undefined
}

/**
 * Stacks and memories of finished frames, reused by later ones: allocating a 1024-slot stack and a
 * memory buffer per call was a visible share of a token transfer's cost (mostly GC).
 */
const stackPool: bigint[][] = []
const memoryPool: Memory[] = []
const POOL_LIMIT = 64

export function createFrameState(input: FrameInput, tracing: boolean): FrameState {
  return {
    input,
    stack: stackPool.pop() ?? new Array<bigint>(1024),
    sp: 0,
    pc: -1,
    gas: input.gas,
    gasReserve: input.gasReserve ?? 0n,
    memory: memoryPool.pop() ?? new Memory(),
    returnData: EMPTY_BYTES,
    movedRemainingGasToChild: false,
    callWithValue: false,
    peakGasUsed: 0n,
    pendingStep: undefined,
    tracedStorage: tracing ? new Map() : undefined,
    pending: undefined,
  }
}

/**
 * Gas is a 64-bit quantity, as RSKj's Java `long`. The interpreter counts it in a JS number for
 * speed; a budget above 2^53 − 1 (a gas limit only tests set) keeps the excess in a bigint
 * reserve beside the counter: the counter starts at 2^52, far above anything one frame can spend
 * between two calls (memory is capped at 1 GiB), and the reserve is folded back whenever gas moves
 * between frames. GAS, the gas handed to a callee and the gas used are `counter + reserve`, exact.
 */
const COUNTER_START = 2 ** 52
/** The most gas the counter alone holds exactly. */
export const SAFE_GAS_COUNTER = BigInt(Number.MAX_SAFE_INTEGER)

/** Splits an exact amount of gas into the counter and the reserve. */
export function splitGas(total: bigint): [number, bigint] {
  if (total <= SAFE_GAS_COUNTER) return [Number(total), 0n]
  return [COUNTER_START, total - BigInt(COUNTER_START)]
}

/** `counter + reserve`, exact. */
function exactGas(counter: number, reserve: bigint | undefined): bigint {
  return reserve === undefined || reserve === 0n ? BigInt(counter) : BigInt(counter) + reserve
}

/** A frame's exact gas left. */
export function gasOf(frame: FrameState): bigint {
  return exactGas(frame.gas, frame.gasReserve)
}

/** Sets a frame's gas left to an exact amount. */
export function setGas(frame: FrameState, total: bigint): void {
  const [counter, reserve] = splitGas(total)
  frame.gas = counter
  frame.gasReserve = reserve
}

/** Gives a frame back `gas + reserve` (a callee's unused gas). */
export function addGas(frame: FrameState, gas: number, reserve: bigint | undefined): void {
  if (frame.gasReserve === 0n && (reserve === undefined || reserve === 0n)) frame.gas += gas
  else setGas(frame, gasOf(frame) + BigInt(gas) + (reserve ?? 0n))
}

/** The exact gas a finished frame left. */
export function gasLeftOf(output: FrameOutput): bigint {
  return exactGas(output.gasLeft, output.gasLeftReserve)
}

/** The exact gas a frame was given. */
export function gasGivenOf(input: FrameInput): bigint {
  return exactGas(input.gas, input.gasReserve)
}

export const EMPTY_BYTES: Uint8Array = new Uint8Array(0)

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

/** Returns a finished frame's stack and memory to the pools. */
export function releaseFrameState(frame: FrameState): void {
  if (stackPool.length < POOL_LIMIT) stackPool.push(frame.stack)
  if (memoryPool.length < POOL_LIMIT && frame.memory.size <= 1 << 16) {
    frame.memory.reset()
    memoryPool.push(frame.memory)
  }
}

/** Emits a traced step that was waiting for its gas cost. */
export function flushStep(ctx: VmContext, frame: FrameState): void {
  const step = frame.pendingStep
  if (step === undefined) return
  frame.pendingStep = undefined
  step.gasCost = step.gas - gasOf(frame)
  ctx.tracer?.onStep?.(step)
}
