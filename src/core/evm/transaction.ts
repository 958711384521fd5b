/**
 * One whole transaction as RSKj's `TransactionExecutor` runs it: validation, nonce and up-front
 * gas purchase, the value transfer, execution, refunds capped at half the gas used, and fees paid
 * to the fee recipient (REMASC on Rootstock). `localCall` gives eth_call / eth_estimateGas
 * semantics: no validation, no gas purchase or fee, but the value still moves.
 */

import type { Address } from '../util/hex.js'
import { createAddress } from './address.js'
import { creationFailure, payCodeDeposit } from './calls.js'
import {
  EMPTY_BYTES,
  type FrameInput,
  type FrameOutput,
  FrameStatus,
  gasGivenOf,
  gasLeftOf,
  splitGas,
  type VmContext,
} from './frame.js'
import { GasCost, intrinsicGas, LONG_MAX, MAX_INITCODE_SIZE } from './gas.js'
import { executeFrame } from './interpreter.js'
import { JournaledState } from './journal.js'
import { PrecompileRevert, STANDARD_PRECOMPILES } from './precompiles/index.js'
import { StateNotReadyError } from './stateNotReady.js'
import type {
  BlockEnv,
  ExecuteTransactionOptions,
  ExecutionResult,
  Message,
  Precompile,
  StateReader,
} from './types.js'

/** The transaction as the EVM needs it (sender already recovered). */
export type ExecuteTransactionParameters = Message
export type ExecuteTransactionReturnType = ExecutionResult

/**
 * The transaction cannot be included at all (RSKj's `TransactionExecutor.init` refuses it): wrong
 * nonce, gas limit below the intrinsic cost or above the block's, insufficient balance, initcode
 * too large. Its message follows RSKj's wording.
 */
export class InvalidTransactionError extends Error {
  static readonly code = -32010
  readonly code = InvalidTransactionError.code
  override name = 'InvalidTransactionError'
}

/** The standard precompiles with a node's own, merged once per node's map (not per transaction). */
const merged = new WeakMap<ReadonlyMap<Address, Precompile>, ReadonlyMap<Address, Precompile>>()

function mergedPrecompiles(
  extra: ReadonlyMap<Address, Precompile> | undefined,
): ReadonlyMap<Address, Precompile> {
  if (extra === undefined || extra.size === 0) return STANDARD_PRECOMPILES
  let all = merged.get(extra)
  if (all === undefined) {
    all = new Map([...STANDARD_PRECOMPILES, ...extra])
    merged.set(extra, all)
  }
  return all
}

function validate(
  state: JournaledState,
  tx: Message,
  block: BlockEnv,
  basicCost: bigint,
  blockGasUsed: bigint,
) {
  if (tx.to === undefined && tx.data.length > MAX_INITCODE_SIZE) {
    throw new InvalidTransactionError(
      `Initcode size for contract is invalid, it exceed the max limit size: initcode size = ${tx.data.length} | maxAllowed = ${MAX_INITCODE_SIZE}`,
    )
  }
  if (tx.gasLimit + blockGasUsed > block.gasLimit) {
    throw new InvalidTransactionError(
      `Too much gas used in this block: available in block: ${block.gasLimit - blockGasUsed} tx sent: ${tx.gasLimit}`,
    )
  }
  if (tx.gasLimit < basicCost) {
    throw new InvalidTransactionError(
      `Not enough gas for transaction execution: tx needs: ${basicCost} tx sent: ${tx.gasLimit}`,
    )
  }
  const required = state.getNonce(tx.from)
  if (tx.nonce !== undefined && tx.nonce !== required) {
    throw new InvalidTransactionError(`Invalid nonce: required: ${required} , tx.nonce: ${tx.nonce}`)
  }
  const totalCost = tx.value + (basicCost > 0n ? tx.gasPrice * tx.gasLimit : 0n)
  const balance = state.getBalance(tx.from)
  if (balance < totalCost) {
    throw new InvalidTransactionError(`Not enough cash: Require: ${totalCost}, Sender cash: ${balance}`)
  }
}

/** Outcome of running the transaction's code (or lack of it), before refunds and fees. */
interface Execution {
  frame: FrameOutput
  contractAddress?: Address
}

function succeeded(gasLeft: bigint): FrameOutput {
  const [counter, reserve] = splitGas(gasLeft)
  return {
    status: FrameStatus.Success,
    gasLeft: counter,
    gasLeftReserve: reserve,
    output: EMPTY_BYTES,
    movedRemainingGasToChild: false,
    callWithValue: false,
    peakGasUsed: 0n,
  }
}

function failed(error: string): FrameOutput {
  return { ...succeeded(0n), status: FrameStatus.Error, error }
}

function runCode(ctx: VmContext, frame: FrameInput): FrameOutput {
  if (frame.gas < 0) return failed('out of gas')
  ctx.tracer?.onCallEnter?.({
    type: frame.kind,
    from: frame.caller,
    to: frame.address,
    value: frame.value,
    gas: gasGivenOf(frame),
    input: frame.kind === 'CREATE' ? frame.code : frame.data,
    depth: 0,
  })
  const output = executeFrame(ctx, frame)
  const failure = frame.kind === 'CREATE' ? creationFailure(output) : undefined
  if (failure !== undefined)
    Object.assign(output, { status: FrameStatus.Error, error: failure, gasLeft: 0, gasLeftReserve: 0n })
  else if (frame.kind === 'CREATE' && output.status === FrameStatus.Success) payCodeDeposit(output)
  ctx.tracer?.onCallExit?.({
    gasUsed: gasGivenOf(frame) - gasLeftOf(output),
    output: output.output,
    success: output.status === FrameStatus.Success,
    reverted: output.status === FrameStatus.Revert,
    error: output.error,
    logs: output.status === FrameStatus.Success ? [...ctx.state.logs] : [],
  })
  return output
}

function execute(ctx: VmContext, tx: Message, executionGas: bigint, senderNonce: bigint): Execution {
  const [gas, gasReserve] = splitGas(executionGas)
  const { state } = ctx
  const topFrame = (
    kind: 'CALL' | 'CREATE',
    address: Address,
    data: Uint8Array,
    code: Uint8Array,
  ): FrameInput => ({
    kind,
    caller: tx.from,
    address,
    codeAddress: address,
    value: tx.value,
    data,
    code,
    gas,
    gasReserve,
    depth: 0,
    isStatic: false,
  })
  if (tx.to === undefined) {
    const contractAddress = createAddress(tx.from, senderNonce)
    state.createAccount(contractAddress)
    state.transfer(tx.from, contractAddress, tx.value)
    if (tx.data.length === 0)
      return { frame: succeeded(executionGas > 0n ? executionGas : 0n), contractAddress }
    const frame = runCode(ctx, topFrame('CREATE', contractAddress, EMPTY_BYTES, tx.data))
    if (frame.status === FrameStatus.Success && frame.output.length > 0)
      state.setCode(contractAddress, frame.output)
    return { frame, contractAddress }
  }
  const to = tx.to
  const precompile = ctx.precompiles.get(to)
  if (precompile !== undefined) {
    const required = precompile.gas(tx.data)
    if (executionGas < required) return { frame: failed('out of gas') }
    // The value arrives before the contract runs (RSKj transfers first): the Bridge sees it.
    const checkpoint = state.checkpoint()
    state.transfer(tx.from, to, tx.value)
    try {
      const output = precompile.run(tx.data, {
        caller: tx.from,
        value: tx.value,
        block: ctx.block,
        state: state.asReader(),
        origin: tx.from,
        txHash: ctx.txHash,
        senderPublicKey: ctx.senderPublicKey,
        write: state.asWriter(),
      })
      return {
        frame: { ...succeeded(executionGas - required), output, peakGasUsed: required },
      }
    } catch (thrown) {
      // State that has to be fetched first: the execution runs again once it is there.
      if (thrown instanceof StateNotReadyError) throw thrown
      state.revert(checkpoint)
      // A native contract's revert keeps its reason for the caller, as it does inside a CALL.
      if (thrown instanceof PrecompileRevert) {
        return {
          frame: {
            ...succeeded(executionGas - required),
            status: FrameStatus.Revert,
            output: thrown.data,
            peakGasUsed: required,
          },
        }
      }
      return { frame: failed(thrown instanceof Error ? thrown.message : String(thrown)) }
    }
  }
  state.transfer(tx.from, to, tx.value)
  const code = state.exists(to) ? state.getCode(to) : EMPTY_BYTES
  if (code.length === 0) return { frame: succeeded(executionGas > 0n ? executionGas : 0n) }
  return {
    frame: runCode(ctx, topFrame('CALL', to, tx.data, code)),
  }
}

/**
 * Executes `tx` against `reader` in `block` and returns everything it changed as a diff.
 * Throws `InvalidTransactionError` (unless `localCall`) when the transaction cannot be included.
 */
export function executeTransaction(
  reader: StateReader,
  tx: ExecuteTransactionParameters,
  block: BlockEnv,
  options: ExecuteTransactionOptions = {},
): ExecuteTransactionReturnType {
  const localCall = options.localCall === true
  const basicCost = intrinsicGas({ data: tx.data, isCreate: tx.to === undefined })
  const state = new JournaledState(reader)
  if (!localCall) validate(state, tx, block, basicCost, options.blockGasUsed ?? 0n)
  const senderNonce = tx.nonce ?? state.getNonce(tx.from)
  const gasLimit = tx.gasLimit > LONG_MAX ? LONG_MAX : tx.gasLimit
  if (!localCall) {
    state.setNonce(tx.from, state.getNonce(tx.from) + 1n)
    state.addBalance(tx.from, -(tx.gasPrice * tx.gasLimit))
  }
  const ctx: VmContext = {
    state,
    block,
    origin: tx.from,
    gasPrice: tx.gasPrice,
    precompiles: mergedPrecompiles(options.precompiles),
    tracer: options.tracer,
    deletedAccounts: options.deletedAccounts,
    txHash: options.txHash,
    senderPublicKey: options.senderPublicKey,
  }
  const beforeExecution = state.checkpoint()
  const { frame, contractAddress } = execute(ctx, tx, gasLimit - basicCost, senderNonce)

  const success = frame.status === FrameStatus.Success
  if (!success) state.revert(beforeExecution)
  // Gas is exact up to 2^63 − 1 (`splitGas`); what the sender pays and gets back is counted from
  // the real gas limit.
  const gasUsedBeforeRefund = frame.status === FrameStatus.Error ? tx.gasLimit : gasLimit - gasLeftOf(frame)
  let refund = 0n
  if (success) {
    const futureRefund = state.refund + GasCost.SUICIDE_REFUND * state.selfdestructed.size
    const half = gasUsedBeforeRefund / 2n
    refund = BigInt(futureRefund) < half ? BigInt(futureRefund) : half
  }
  const gasUsed = gasUsedBeforeRefund - refund
  if (!localCall) {
    state.addBalance(tx.from, (tx.gasLimit - gasUsed) * tx.gasPrice)
    state.addBalance(options.feeRecipient ?? block.coinbase, gasUsed * tx.gasPrice)
    for (const address of state.selfdestructed) state.deleteAccount(address)
  }
  // RSKj tracks the peak of the top frame's gas counter, which starts with the intrinsic cost.
  const peak = basicCost + frame.peakGasUsed
  const maxGasUsed = peak > gasUsedBeforeRefund ? peak : gasUsedBeforeRefund

  return {
    success,
    reverted: frame.status === FrameStatus.Revert,
    error: frame.status === FrameStatus.Error ? frame.error : undefined,
    gasUsed,
    gasUsedBeforeRefund,
    maxGasUsed,
    callWithValue: frame.callWithValue,
    movedRemainingGasToChild: frame.movedRemainingGasToChild,
    gasRefund: refund,
    returnData: frame.status === FrameStatus.Error ? EMPTY_BYTES : frame.output,
    logs: success ? state.logs : [],
    contractAddress: success ? contractAddress : undefined,
    diff: state.toDiff(),
  }
}
