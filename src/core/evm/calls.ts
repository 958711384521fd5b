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
import type { Address } from '../util/hex.js'
import { create2Address, createAddress } from './address.js'
import {
  EMPTY_BYTES,
  type FrameInput,
  type FrameKind,
  type FrameOutput,
  type FrameScratch,
  FrameStatus,
  flushStep,
  INITCODE_TOO_LARGE,
  OUT_OF_GAS,
  STATIC_STATE_CHANGE,
  type VmContext,
} from './frame.js'
import { GasCost, initcodeCost, MAX_CALL_DEPTH, MAX_CODE_SIZE, MAX_INITCODE_SIZE } from './gas.js'
import { expansionCost, runFrame } from './interpreter.js'
import { PrecompileRevert } from './precompiles/index.js'
import type { Precompile } from './types.js'
import { addressToWord, toIndex, wordToAddress, wordToBytes } from './words.js'

const OP_CALL = 0xf1
const OP_CALLCODE = 0xf2
const OP_DELEGATECALL = 0xf4
const OP_STATICCALL = 0xfa
const OP_CREATE2 = 0xf5
const LONG_MAX = (1n << 63n) - 1n

const CALL_KINDS: Record<number, FrameKind> = {
  [OP_CALL]: 'CALL',
  [OP_CALLCODE]: 'CALLCODE',
  [OP_DELEGATECALL]: 'DELEGATECALL',
  [OP_STATICCALL]: 'STATICCALL',
}

function memoryEnd(offset: bigint, size: bigint): number {
  return size === 0n ? 0 : toIndex(offset) + toIndex(size)
}

/** Pops a call's arguments, charges its gas, runs it and pushes 1 or 0. Returns the new stack height. */
export function executeCallOp(
  ctx: VmContext,
  parent: FrameInput,
  scratch: FrameScratch,
  op: number,
  stack: bigint[],
  sp: number,
): number {
  const hasValue = op === OP_CALL || op === OP_CALLCODE
  const requestedGas = stack[sp - 1]!
  const to = wordToAddress(stack[sp - 2]!)
  let i = sp - 3
  const value = hasValue ? stack[i--]! : 0n
  const inOffset = stack[i]!
  const inSize = stack[i - 1]!
  const outOffset = stack[i - 2]!
  const outSize = stack[i - 3]!
  const newSp = i - 3
  if (parent.isStatic && op === OP_CALL && value !== 0n) throw STATIC_STATE_CHANGE

  const { state } = ctx
  const memory = scratch.memory
  let cost = GasCost.CALL
  if (op === OP_CALL && !state.exists(to)) cost += GasCost.NEW_ACCT_CALL
  if (value !== 0n) cost += GasCost.VT_CALL
  const inEnd = memoryEnd(inOffset, inSize)
  const outEnd = memoryEnd(outOffset, outSize)
  cost += inEnd > outEnd ? expansionCost(memory, inOffset, inSize) : expansionCost(memory, outOffset, outSize)
  if (cost > scratch.gas) throw OUT_OF_GAS
  const remaining = scratch.gas - cost
  const stipend = value !== 0n ? GasCost.STIPEND_CALL : 0
  if (remaining < stipend) throw OUT_OF_GAS
  const requested = (requestedGas > LONG_MAX ? LONG_MAX : requestedGas) + BigInt(stipend)
  const calleeGas = requested < BigInt(remaining) ? Number(requested) : remaining
  scratch.gas = remaining - calleeGas
  if (calleeGas === remaining) scratch.movedRemainingGasToChild = true
  if (value !== 0n) scratch.callWithValue = true
  if (outSize !== 0n) memory.extend(outEnd)
  scratch.peakGasUsed = Math.max(scratch.peakGasUsed, parent.gas - scratch.gas)
  if (scratch.pendingStep !== undefined) flushStep(ctx, scratch)

  stack[newSp] = performCall(
    ctx,
    parent,
    scratch,
    op,
    to,
    value,
    calleeGas,
    inOffset,
    inSize,
    outOffset,
    outSize,
  )
  return newSp + 1
}

function performCall(
  ctx: VmContext,
  parent: FrameInput,
  scratch: FrameScratch,
  op: number,
  to: Address,
  value: bigint,
  calleeGas: number,
  inOffset: bigint,
  inSize: bigint,
  outOffset: bigint,
  outSize: bigint,
): bigint {
  const { state } = ctx
  const sender = parent.address
  if (parent.depth >= MAX_CALL_DEPTH) {
    scratch.gas += calleeGas
    return 0n
  }
  if (state.getBalance(sender) < value) {
    scratch.gas += calleeGas
    scratch.returnData = EMPTY_BYTES
    return 0n
  }
  const memory = scratch.memory
  const context = op === OP_CALLCODE || op === OP_DELEGATECALL ? sender : to
  const precompile = ctx.precompiles.get(to)
  if (precompile !== undefined) {
    const length =
      precompile.maxInput === undefined ? toIndex(inSize) : Math.min(toIndex(inSize), precompile.maxInput)
    const input = memory.read(Number(inOffset), length)
    return callPrecompile(
      ctx,
      parent,
      scratch,
      op,
      precompile,
      to,
      context,
      value,
      calleeGas,
      input,
      outOffset,
      outSize,
    )
  }
  const input = memory.read(Number(inOffset), toIndex(inSize))
  const checkpoint = state.checkpoint()
  const code = state.exists(to) ? state.getCode(to) : EMPTY_BYTES
  state.transfer(sender, context, value)
  const frame: FrameInput = {
    kind: CALL_KINDS[op]!,
    caller: op === OP_DELEGATECALL ? parent.caller : sender,
    address: context,
    codeAddress: to,
    value: op === OP_DELEGATECALL ? parent.value : value,
    data: input,
    code,
    gas: calleeGas,
    depth: parent.depth + 1,
    isStatic: op === OP_STATICCALL || parent.isStatic,
  }
  const tracer = ctx.tracer
  tracer?.onCallEnter?.(frameInfo(frame, to))
  if (code.length === 0) {
    scratch.gas += calleeGas
    scratch.returnData = EMPTY_BYTES
    tracer?.onCallExit?.({ gasUsed: 0n, output: EMPTY_BYTES, success: true, reverted: false, logs: [] })
    return 1n
  }
  const child = runFrame(ctx, frame)
  if (tracer?.onCallExit) traceExit(ctx, child, calleeGas, checkpoint.logs)
  if (child.status === FrameStatus.Error) {
    state.revert(checkpoint)
    scratch.returnData = EMPTY_BYTES
    return 0n
  }
  if (child.status === FrameStatus.Revert) state.revert(checkpoint)
  else {
    scratch.movedRemainingGasToChild ||= child.movedRemainingGasToChild
    scratch.callWithValue ||= child.callWithValue
  }
  if (outSize !== 0n) memory.writeLimited(Number(outOffset), child.output, toIndex(outSize))
  scratch.returnData = child.output
  scratch.gas += child.gasLeft
  return child.status === FrameStatus.Success ? 1n : 0n
}

function callPrecompile(
  ctx: VmContext,
  parent: FrameInput,
  scratch: FrameScratch,
  op: number,
  precompile: Precompile,
  to: Address,
  context: Address,
  value: bigint,
  calleeGas: number,
  input: Uint8Array,
  outOffset: bigint,
  outSize: bigint,
): bigint {
  const { state, tracer } = ctx
  const sender = parent.address
  const checkpoint = state.checkpoint()
  state.transfer(sender, context, value)
  tracer?.onCallEnter?.({
    type: CALL_KINDS[op]!,
    from: sender,
    to,
    value,
    gas: BigInt(calleeGas),
    input,
    depth: parent.depth + 1,
  })
  const required = precompile.gas(input)
  if (required > BigInt(calleeGas)) {
    state.revert(checkpoint)
    scratch.returnData = EMPTY_BYTES
    tracer?.onCallExit?.({
      gasUsed: BigInt(calleeGas),
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
    output = precompile.run(input, { caller: sender, value, block: ctx.block, state: state.asReader() })
    scratch.returnData = output
    if (outSize !== 0n) scratch.memory.writeLimited(Number(outOffset), output, toIndex(outSize))
  } catch (thrown) {
    state.revert(checkpoint)
    result = 0n
    scratch.returnData = thrown instanceof PrecompileRevert ? thrown.data : EMPTY_BYTES
    error = thrown instanceof Error ? thrown.message : String(thrown)
  }
  scratch.gas += calleeGas - Number(required)
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

/** Pops CREATE / CREATE2 arguments, charges gas, runs the init code and pushes the address or 0. */
export function executeCreateOp(
  ctx: VmContext,
  parent: FrameInput,
  scratch: FrameScratch,
  op: number,
  stack: bigint[],
  sp: number,
): number {
  const isCreate2 = op === OP_CREATE2
  const value = stack[sp - 1]!
  const offset = stack[sp - 2]!
  const size = stack[sp - 3]!
  const salt = isCreate2 ? stack[sp - 4]! : 0n
  const newSp = sp - (isCreate2 ? 4 : 3)
  const memory = scratch.memory
  const sizeIndex = toIndex(size)
  let cost = expansionCost(memory, offset, size) + initcodeCost(sizeIndex)
  if (isCreate2) cost += GasCost.SHA3_WORD * Math.ceil(sizeIndex / 32)
  if (cost > scratch.gas) throw OUT_OF_GAS
  scratch.gas -= cost
  const initCode = memory.read(Number(offset), sizeIndex)
  if (initCode.length > MAX_INITCODE_SIZE) throw INITCODE_TOO_LARGE
  stack[newSp] = performCreate(ctx, parent, scratch, isCreate2, value, salt, initCode)
  return newSp + 1
}

function performCreate(
  ctx: VmContext,
  parent: FrameInput,
  scratch: FrameScratch,
  isCreate2: boolean,
  value: bigint,
  salt: bigint,
  initCode: Uint8Array,
): bigint {
  const { state, tracer } = ctx
  const sender = parent.address
  if (parent.depth >= MAX_CALL_DEPTH) return 0n
  if (state.getBalance(sender) < value) return 0n
  const gasLimit = scratch.gas
  scratch.gas = 0
  scratch.peakGasUsed = Math.max(scratch.peakGasUsed, parent.gas)
  if (scratch.pendingStep !== undefined) flushStep(ctx, scratch)
  const nonce = state.getNonce(sender)
  const address = isCreate2
    ? create2Address(sender, wordToBytes(salt), initCode)
    : createAddress(sender, nonce)
  state.setNonce(sender, nonce + 1n)
  const checkpoint = state.checkpoint()
  const frame: FrameInput = {
    kind: isCreate2 ? 'CREATE2' : 'CREATE',
    caller: sender,
    address,
    codeAddress: address,
    value,
    data: EMPTY_BYTES,
    code: initCode,
    gas: gasLimit,
    depth: parent.depth + 1,
    isStatic: false,
  }
  tracer?.onCallEnter?.(frameInfo(frame, address))
  const collision =
    ctx.deletedAccounts?.has(address) === true ||
    (state.exists(address) && (state.hasCode(address) || state.getNonce(address) !== 0n))
  if (collision) {
    tracer?.onCallExit?.({
      gasUsed: BigInt(gasLimit),
      output: EMPTY_BYTES,
      success: false,
      reverted: false,
      error: 'address collision',
      logs: [],
    })
    return 0n
  }
  state.createAccount(address)
  state.setNonce(address, 1n)
  state.transfer(sender, address, value)
  scratch.returnData = EMPTY_BYTES
  const refundBefore = state.refund
  const child: FrameOutput =
    initCode.length === 0
      ? {
          status: FrameStatus.Success,
          gasLeft: gasLimit,
          output: EMPTY_BYTES,
          movedRemainingGasToChild: false,
          callWithValue: false,
          peakGasUsed: 0,
        }
      : runFrame(ctx, frame)
  const failure = creationFailure(child)
  if (failure !== undefined) {
    child.status = FrameStatus.Error
    child.error = failure
    child.gasLeft = 0
  }
  if (child.status === FrameStatus.Success) child.gasLeft -= GasCost.CREATE_DATA * child.output.length
  if (tracer?.onCallExit) traceExit(ctx, child, gasLimit, checkpoint.logs)
  if (child.status !== FrameStatus.Success) {
    state.revert(checkpoint)
    if (child.status === FrameStatus.Revert) scratch.gas += child.gasLeft
    return 0n
  }
  if (child.output.length > 0) state.setCode(address, child.output)
  state.refund = refundBefore
  scratch.gas += child.gasLeft
  return addressToWord(address)
}

/** Why deploying the returned code fails (RSKIP544 prefix, deposit gas, size), if it does. */
export function creationFailure(child: FrameOutput): string | undefined {
  if (child.status !== FrameStatus.Success) return undefined
  const code = child.output
  if (code.length > 0 && code[0] === 0xef) return 'invalid code prefix 0xEF'
  if (child.gasLeft < GasCost.CREATE_DATA * code.length) return 'out of gas'
  if (code.length > MAX_CODE_SIZE) return 'contract code size exceeded'
  return undefined
}

function frameInfo(frame: FrameInput, to: Address) {
  return {
    type: frame.kind,
    from: frame.caller,
    to,
    value: frame.value,
    gas: BigInt(frame.gas),
    input: frame.kind === 'CREATE' || frame.kind === 'CREATE2' ? frame.code : frame.data,
    depth: frame.depth,
  }
}

function traceExit(ctx: VmContext, child: FrameOutput, gasGiven: number, logsBefore: number): void {
  ctx.tracer?.onCallExit?.({
    gasUsed: BigInt(gasGiven - child.gasLeft),
    output: child.output,
    success: child.status === FrameStatus.Success,
    reverted: child.status === FrameStatus.Revert,
    error: child.error,
    logs: child.status === FrameStatus.Success ? ctx.state.logs.slice(logsBefore) : [],
  })
}
