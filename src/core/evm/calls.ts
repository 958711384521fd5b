/**
 * CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE and CREATE2 as RSKj runs them
 * (`VM.doCALL`, `Program.callToAddress`, `Program.callToPrecompiledAddress`, `Program.createContract`).
 *
 * Rootstock differs from post-Tangerine Ethereum here:
 * - no "all but one 64th" rule: a callee gets min(requested + stipend, all remaining gas), and a
 *   CREATE hands the child all remaining gas;
 * - the caller pays the 2300 stipend of a value transfer up front (refunded if unused);
 * - NEW_ACCT_CALL (25000) is charged whenever a CALL targets an account that does not exist,
 *   whatever the value;
 * - a failing precompile returns 0 but refunds the unused gas (RSKIP197);
 * - after a reverted CREATE the return data is empty, and refunds earned by init code are dropped.
 */
import { CurvesNotLoadedError } from '../crypto/curves.js'
import type { Address } from '../util/hex.js'
import { create2Address, createAddress } from './address.js'
import {
  addGas,
  EMPTY_BYTES,
  type FrameInput,
  type FrameKind,
  type FrameOutput,
  type FrameState,
  FrameStatus,
  flushStep,
  gasGivenOf,
  gasLeftOf,
  gasOf,
  INITCODE_TOO_LARGE,
  OUT_OF_GAS,
  SAFE_GAS_COUNTER,
  STATIC_STATE_CHANGE,
  setGas,
  splitGas,
  type VmContext,
} from './frame.js'
import { GasCost, initcodeCost, LONG_MAX, MAX_CALL_DEPTH, MAX_CODE_SIZE, MAX_INITCODE_SIZE } from './gas.js'
import { expansionCost } from './memory.js'
import { PrecompileRevert } from './precompiles/index.js'
import { StateNotReadyError } from './stateNotReady.js'
import type { CallFrameInfo, Precompile } from './types.js'
import { addressToWord, toIndex, wordToAddress, wordToBytes } from './words.js'

const OP_CALL = 0xf1
const OP_CALLCODE = 0xf2
const OP_DELEGATECALL = 0xf4
const OP_STATICCALL = 0xfa
const OP_CREATE = 0xf0
const OP_CREATE2 = 0xf5

const CALL_KINDS: Record<number, FrameKind> = {
  [OP_CALL]: 'CALL',
  [OP_CALLCODE]: 'CALLCODE',
  [OP_DELEGATECALL]: 'DELEGATECALL',
  [OP_STATICCALL]: 'STATICCALL',
}

function memoryEnd(offset: bigint, size: bigint): number {
  return size === 0n ? 0 : toIndex(offset) + toIndex(size)
}

function push(frame: FrameState, value: bigint): void {
  frame.stack[frame.sp++] = value
}

/** Leaves the parent waiting for `child`; the driver runs it and then calls `finishChild`. */
function suspend(
  ctx: VmContext,
  frame: FrameState,
  op: number,
  child: FrameInput,
  extra: Partial<FrameState['pending']>,
) {
  frame.pending = {
    child,
    op,
    checkpoint: ctx.state.checkpoint(),
    gasGiven: gasGivenOf(child),
    outOffset: 0,
    outSize: 0,
    refundBefore: ctx.state.refund,
    ...extra,
  }
  return true
}

/**
 * Pops a call's arguments and charges its gas. Calls that need no child frame (precompiles,
 * accounts without code, refused calls) complete here and push their result; otherwise the
 * frame is suspended (returns true) until the child finishes.
 */
export function executeCallOp(ctx: VmContext, frame: FrameState, op: number): boolean {
  const { stack, sp, memory, input: parent } = frame
  const hasValue = op === OP_CALL || op === OP_CALLCODE
  const requestedGas = stack[sp - 1]!
  const to = wordToAddress(stack[sp - 2]!)
  let i = sp - 3
  const value = hasValue ? stack[i--]! : 0n
  const inOffset = stack[i]!
  const inSize = stack[i - 1]!
  const outOffset = stack[i - 2]!
  const outSize = stack[i - 3]!
  frame.sp = i - 3
  if (parent.isStatic && op === OP_CALL && value !== 0n) throw STATIC_STATE_CHANGE

  const { state } = ctx
  let cost = GasCost.CALL
  if (op === OP_CALL && !state.exists(to)) cost += GasCost.NEW_ACCT_CALL
  if (value !== 0n) cost += GasCost.VT_CALL
  const inEnd = memoryEnd(inOffset, inSize)
  const outEnd = memoryEnd(outOffset, outSize)
  cost += inEnd > outEnd ? expansionCost(memory, inOffset, inSize) : expansionCost(memory, outOffset, outSize)
  const stipend = value !== 0n ? GasCost.STIPEND_CALL : 0
  const requested = (requestedGas > LONG_MAX ? LONG_MAX : requestedGas) + BigInt(stipend)
  // The callee's gas: `calleeGas + calleeReserve` (a reserve only above 2^53, see `splitGas`).
  let calleeGas: number
  let calleeReserve = 0n
  if (frame.gasReserve === 0n) {
    if (cost > frame.gas) throw OUT_OF_GAS
    const remaining = frame.gas - cost
    if (remaining < stipend) throw OUT_OF_GAS
    calleeGas = requested < BigInt(remaining) ? Number(requested) : remaining
    frame.gas = remaining - calleeGas
    if (calleeGas === remaining) frame.movedRemainingGasToChild = true
  } else {
    const remaining = gasOf(frame) - BigInt(cost)
    if (remaining < BigInt(stipend)) throw OUT_OF_GAS
    const callee = requested < remaining ? requested : remaining
    setGas(frame, remaining - callee)
    ;[calleeGas, calleeReserve] = splitGas(callee)
    if (callee === remaining) frame.movedRemainingGasToChild = true
  }
  if (value !== 0n) frame.callWithValue = true
  if (outSize !== 0n) memory.extend(outEnd)
  const used = gasGivenOf(parent) - gasOf(frame)
  if (used > frame.peakGasUsed) frame.peakGasUsed = used
  if (frame.pendingStep !== undefined) flushStep(ctx, frame)

  const sender = parent.address
  if (parent.depth >= MAX_CALL_DEPTH) {
    addGas(frame, calleeGas, calleeReserve)
    push(frame, 0n)
    return false
  }
  const precompile = ctx.precompiles.get(to)
  // RSKj (`Program.callToAddress`) reads a contract call's input, growing memory over it, before
  // it checks the value; a precompile's input is read after the check.
  const data = precompile === undefined ? memory.read(Number(inOffset), toIndex(inSize)) : EMPTY_BYTES
  if (state.getBalance(sender) < value) {
    addGas(frame, calleeGas, calleeReserve)
    frame.returnData = EMPTY_BYTES
    push(frame, 0n)
    return false
  }
  const context = op === OP_CALLCODE || op === OP_DELEGATECALL ? sender : to
  if (precompile !== undefined) {
    const length =
      precompile.maxInput === undefined ? toIndex(inSize) : Math.min(toIndex(inSize), precompile.maxInput)
    const input = memory.read(Number(inOffset), length)
    const given = calleeReserve === 0n ? BigInt(calleeGas) : BigInt(calleeGas) + calleeReserve
    push(
      frame,
      callPrecompile(ctx, frame, op, precompile, to, context, value, given, input, outOffset, outSize),
    )
    return false
  }
  const checkpoint = state.checkpoint()
  const code = state.exists(to) ? state.getCode(to) : EMPTY_BYTES
  state.transfer(sender, context, value)
  const child: FrameInput = {
    kind: CALL_KINDS[op]!,
    caller: op === OP_DELEGATECALL ? parent.caller : sender,
    address: context,
    codeAddress: to,
    value: op === OP_DELEGATECALL ? parent.value : value,
    data,
    code,
    codeHash: state.getCodeHash(to),
    gas: calleeGas,
    gasReserve: calleeReserve,
    depth: parent.depth + 1,
    isStatic: op === OP_STATICCALL || parent.isStatic,
  }
  ctx.tracer?.onCallEnter?.(frameInfo(child, to))
  if (code.length === 0) {
    addGas(frame, calleeGas, calleeReserve)
    frame.returnData = EMPTY_BYTES
    ctx.tracer?.onCallExit?.({ gasUsed: 0n, output: EMPTY_BYTES, success: true, reverted: false, logs: [] })
    push(frame, 1n)
    return false
  }
  return suspend(ctx, frame, op, child, {
    checkpoint,
    outOffset: toIndex(outOffset),
    outSize: toIndex(outSize),
  })
}

function callPrecompile(
  ctx: VmContext,
  frame: FrameState,
  op: number,
  precompile: Precompile,
  to: Address,
  context: Address,
  value: bigint,
  calleeGas: bigint,
  input: Uint8Array,
  outOffset: bigint,
  outSize: bigint,
): bigint {
  const { state, tracer } = ctx
  const sender = frame.input.address
  const checkpoint = state.checkpoint()
  state.transfer(sender, context, value)
  tracer?.onCallEnter?.({
    type: CALL_KINDS[op]!,
    from: sender,
    to,
    value,
    gas: calleeGas,
    input,
    depth: frame.input.depth + 1,
  })
  const required = precompile.gas(input)
  if (required > calleeGas) {
    state.revert(checkpoint)
    frame.returnData = EMPTY_BYTES
    tracer?.onCallExit?.({
      gasUsed: calleeGas,
      output: EMPTY_BYTES,
      success: false,
      reverted: false,
      error: 'out of gas',
      logs: [],
    })
    return 0n
  }
  let result = 1n
  let output = EMPTY_BYTES
  let error: string | undefined
  try {
    output = precompile.run(input, {
      caller: sender,
      value,
      block: ctx.block,
      state: state.asReader(),
      callerDepth: frame.input.depth,
      origin: ctx.origin,
      txHash: ctx.txHash,
      senderPublicKey: ctx.senderPublicKey,
      write: frame.input.isStatic || op === OP_STATICCALL ? undefined : state.asWriter(),
    })
    frame.returnData = output
    if (outSize !== 0n) frame.memory.writeLimited(Number(outOffset), output, toIndex(outSize))
  } catch (thrown) {
    // A node that ran the EVM before loading its curves has a bug; it must not read as a failed call.
    if (thrown instanceof CurvesNotLoadedError) throw thrown
    // State that has to be fetched first: the execution runs again once it is there.
    if (thrown instanceof StateNotReadyError) throw thrown
    state.revert(checkpoint)
    result = 0n
    frame.returnData = thrown instanceof PrecompileRevert ? thrown.data : EMPTY_BYTES
    error = thrown instanceof Error ? thrown.message : String(thrown)
  }
  if (frame.gasReserve === 0n && calleeGas <= SAFE_GAS_COUNTER) frame.gas += Number(calleeGas - required)
  else setGas(frame, gasOf(frame) + calleeGas - required)
  tracer?.onCallExit?.({
    gasUsed: required,
    output,
    success: result === 1n,
    reverted: false,
    error,
    logs: [],
  })
  return result
}

/** Pops CREATE / CREATE2 arguments, charges gas and starts the init code (returns true) or pushes 0. */
export function executeCreateOp(ctx: VmContext, frame: FrameState, op: number): boolean {
  const { stack, sp, memory, input: parent } = frame
  const isCreate2 = op === OP_CREATE2
  const value = stack[sp - 1]!
  const offset = stack[sp - 2]!
  const size = stack[sp - 3]!
  const salt = isCreate2 ? stack[sp - 4]! : 0n
  frame.sp = sp - (isCreate2 ? 4 : 3)
  const sizeIndex = toIndex(size)
  let cost = expansionCost(memory, offset, size) + initcodeCost(sizeIndex)
  if (isCreate2) cost += GasCost.SHA3_WORD * Math.ceil(sizeIndex / 32)
  if (cost <= frame.gas) frame.gas -= cost
  else if (frame.gasReserve === 0n || BigInt(cost) > gasOf(frame)) throw OUT_OF_GAS
  else setGas(frame, gasOf(frame) - BigInt(cost))
  const initCode = memory.read(Number(offset), sizeIndex)
  if (initCode.length > MAX_INITCODE_SIZE) throw INITCODE_TOO_LARGE

  const { state, tracer } = ctx
  const sender = parent.address
  if (parent.depth >= MAX_CALL_DEPTH || state.getBalance(sender) < value) {
    push(frame, 0n)
    return false
  }
  // RSK hands the init code all the remaining gas and refunds what it leaves
  const gasLimit = frame.gas
  const gasReserve = frame.gasReserve
  const given = gasOf(frame)
  frame.gas = 0
  frame.gasReserve = 0n
  const parentGas = gasGivenOf(parent)
  if (parentGas > frame.peakGasUsed) frame.peakGasUsed = parentGas
  if (frame.pendingStep !== undefined) flushStep(ctx, frame)
  const nonce = state.getNonce(sender)
  const address = isCreate2
    ? create2Address(sender, wordToBytes(salt), initCode)
    : createAddress(sender, nonce)
  state.setNonce(sender, nonce + 1n)
  const checkpoint = state.checkpoint()
  const child: FrameInput = {
    kind: isCreate2 ? 'CREATE2' : 'CREATE',
    caller: sender,
    address,
    codeAddress: address,
    value,
    data: EMPTY_BYTES,
    code: initCode,
    gas: gasLimit,
    gasReserve,
    depth: parent.depth + 1,
    isStatic: false,
  }
  tracer?.onCallEnter?.(frameInfo(child, address))
  const collision =
    ctx.deletedAccounts?.has(address) === true ||
    (state.exists(address) && (state.hasCode(address) || state.getNonce(address) !== 0n))
  if (collision) {
    tracer?.onCallExit?.({
      gasUsed: given,
      output: EMPTY_BYTES,
      success: false,
      reverted: false,
      error: 'address collision',
      logs: [],
    })
    push(frame, 0n)
    return false
  }
  state.createAccount(address)
  state.setNonce(address, 1n)
  state.transfer(sender, address, value)
  frame.returnData = EMPTY_BYTES
  const refundBefore = state.refund
  if (initCode.length === 0) {
    const empty: FrameOutput = {
      status: FrameStatus.Success,
      gasLeft: gasLimit,
      gasLeftReserve: gasReserve,
      output: EMPTY_BYTES,
      movedRemainingGasToChild: false,
      callWithValue: false,
      peakGasUsed: 0n,
    }
    frame.pending = { child, op, checkpoint, gasGiven: given, outOffset: 0, outSize: 0, refundBefore }
    finishChild(ctx, frame, empty)
    return false
  }
  return suspend(ctx, frame, op, child, { checkpoint, refundBefore })
}

/** Applies a finished child frame to its parent: state, gas refund, return data, stack result. */
export function finishChild(ctx: VmContext, frame: FrameState, child: FrameOutput): void {
  const pending = frame.pending!
  frame.pending = undefined
  const { state } = ctx
  const isCreate = pending.op === OP_CREATE || pending.op === OP_CREATE2
  if (isCreate) {
    const failure = creationFailure(child)
    if (failure !== undefined)
      Object.assign(child, { status: FrameStatus.Error, error: failure, gasLeft: 0, gasLeftReserve: 0n })
    else if (child.status === FrameStatus.Success) payCodeDeposit(child)
  }
  if (ctx.tracer?.onCallExit) traceExit(ctx, child, pending.gasGiven, pending.checkpoint.logs)
  if (child.status === FrameStatus.Error) {
    state.revert(pending.checkpoint)
    frame.returnData = EMPTY_BYTES
    push(frame, 0n)
    return
  }
  if (child.status === FrameStatus.Revert) state.revert(pending.checkpoint)
  addGas(frame, child.gasLeft, child.gasLeftReserve)
  if (isCreate) {
    // after a reverted create RSKj leaves the return data empty
    if (child.status === FrameStatus.Revert) {
      push(frame, 0n)
      return
    }
    const address = pending.child.address
    if (child.output.length > 0) state.setCode(address, child.output)
    state.refund = pending.refundBefore
    push(frame, addressToWord(address))
    return
  }
  if (child.status === FrameStatus.Success) {
    frame.movedRemainingGasToChild ||= child.movedRemainingGasToChild
    frame.callWithValue ||= child.callWithValue
  }
  if (pending.outSize !== 0) frame.memory.writeLimited(pending.outOffset, child.output, pending.outSize)
  frame.returnData = child.output
  push(frame, child.status === FrameStatus.Success ? 1n : 0n)
}

/** Why deploying the returned code fails (RSKIP544 prefix, deposit gas, size), if it does. */
export function creationFailure(child: FrameOutput): string | undefined {
  if (child.status !== FrameStatus.Success) return undefined
  const code = child.output
  if (code.length > 0 && code[0] === 0xef) return 'invalid code prefix 0xEF'
  if (gasLeftOf(child) < BigInt(GasCost.CREATE_DATA * code.length)) return 'out of gas'
  if (code.length > MAX_CODE_SIZE) return 'contract code size exceeded'
  return undefined
}

/** Charges a successful creation's code deposit (200 per byte) to the gas it left. */
export function payCodeDeposit(child: FrameOutput): void {
  const deposit = GasCost.CREATE_DATA * child.output.length
  if (child.gasLeftReserve === undefined || child.gasLeftReserve === 0n) child.gasLeft -= deposit
  else [child.gasLeft, child.gasLeftReserve] = splitGas(gasLeftOf(child) - BigInt(deposit))
}

function frameInfo(frame: FrameInput, to: Address): CallFrameInfo {
  return {
    type: frame.kind,
    from: frame.caller,
    to,
    value: frame.value,
    gas: gasGivenOf(frame),
    input: frame.kind === 'CREATE' || frame.kind === 'CREATE2' ? frame.code : frame.data,
    depth: frame.depth,
  }
}

function traceExit(ctx: VmContext, child: FrameOutput, gasGiven: bigint, logsBefore: number): void {
  ctx.tracer?.onCallExit?.({
    gasUsed: gasGiven - gasLeftOf(child),
    output: child.output,
    success: child.status === FrameStatus.Success,
    reverted: child.status === FrameStatus.Revert,
    error: child.error,
    logs: child.status === FrameStatus.Success ? ctx.state.logs.slice(logsBefore) : [],
  })
}
