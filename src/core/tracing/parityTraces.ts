/**
 * Parity/OpenEthereum-style traces as RSKj's `TraceTransformer` writes them (`trace_transaction`,
 * `trace_block`, `trace_filter`): one flat element per call frame in depth-first order with its
 * `traceAddress`. RSKj quirks kept on purpose: every call action's `input` is the transaction's
 * data (also for nested calls), and the top-level result's `output` is `0x` (RSKj builds it from
 * an empty program result).
 */
import { type Address, type Hex, bytesToHex as toData, toQuantity } from '../util/hex.js'
import type { CallFrameCollector, CallFrameNode } from './callFrames.js'
import type { ReplayedTransaction } from './replayed.js'
import { exceptionToString, programTraceError } from './traceErrors.js'

export interface ParityAction {
  callType?: string
  from?: string
  to?: string
  gas?: string
  input?: string
  init?: string
  value?: string
  address?: string
  refundAddress?: string
  balance?: string
  creationMethod?: string
}

export interface ParityResult {
  gasUsed: string
  output?: string
  code?: string
  address?: string
}

export interface ParityTrace {
  action: ParityAction
  blockHash: Hex
  blockNumber: number
  transactionHash: Hex
  transactionPosition: number
  type: string
  subtraces: number
  traceAddress: number[]
  result: ParityResult | null
  error?: string
}

export interface ParityContext {
  blockHash: Hex
  blockNumber: number
  transactionHash: Hex
  transactionPosition: number
}

function element(
  ctx: ParityContext,
  type: string,
  action: ParityAction,
  subtraces: number,
  traceAddress: number[],
  result: ParityResult | null,
  error: string | undefined,
): ParityTrace {
  const trace: ParityTrace = {
    action,
    blockHash: ctx.blockHash,
    blockNumber: ctx.blockNumber,
    transactionHash: ctx.transactionHash,
    transactionPosition: ctx.transactionPosition,
    type,
    subtraces,
    traceAddress,
    result: error === undefined ? result : null,
  }
  if (error !== undefined) trace.error = error
  return trace
}

function subtraces(
  out: ParityTrace[],
  ctx: ParityContext,
  node: CallFrameNode,
  parentContext: Address,
  traceAddress: number[],
  txData: Uint8Array,
): void {
  const { info, result } = node
  const isCreate = info.type === 'CREATE' || info.type === 'CREATE2'
  const isDelegate = info.type === 'DELEGATECALL'
  const context = isDelegate || info.type === 'CALLCODE' ? parentContext : info.to
  const action: ParityAction = isCreate
    ? {
        from: info.from,
        gas: toQuantity(info.gas),
        init: toData(info.input),
        value: toQuantity(info.value),
        creationMethod: info.type.toLowerCase(),
      }
    : {
        callType: info.type.toLowerCase(),
        from: isDelegate ? parentContext : info.from,
        to: info.to,
        gas: toQuantity(info.gas),
        input: toData(txData),
        value: toQuantity(info.value),
      }
  const gasUsed = toQuantity(result?.gasUsed ?? 0n)
  const output = result?.output ?? new Uint8Array(0)
  const parityResult: ParityResult = isCreate
    ? { gasUsed, code: toData(output), address: info.to }
    : { gasUsed, output: toData(output) }
  let error: string | undefined
  if (result && !result.success)
    error = result.reverted ? 'Reverted' : exceptionToString(result.error ?? 'failure')
  out.push(
    element(
      ctx,
      isCreate ? 'create' : 'call',
      action,
      node.children.length,
      traceAddress,
      parityResult,
      error,
    ),
  )
  node.children.forEach((child, k) => {
    subtraces(out, ctx, child, context, [...traceAddress, k], txData)
  })
}

/** The traces of one replayed transaction, top level first. */
export function parityTracesOf(
  replayed: ReplayedTransaction<CallFrameCollector>,
  ctx: ParityContext,
): ParityTrace[] {
  const { tx, sender, result } = replayed
  const root = replayed.tracer?.root
  const isCreate = tx.to === undefined
  const gas = toQuantity(root?.info.gas ?? 0n)
  const action: ParityAction = isCreate
    ? { from: sender, gas, init: toData(tx.data), value: toQuantity(tx.value) }
    : { callType: 'call', from: sender, to: tx.to, gas, input: toData(tx.data), value: toQuantity(tx.value) }
  const gasUsed = toQuantity(result.gasUsed)
  const parityResult: ParityResult = isCreate
    ? {
        gasUsed,
        code: toData(result.success ? (root?.result?.output ?? new Uint8Array(0)) : new Uint8Array(0)),
        address: replayed.createdAddress!,
      }
    : { gasUsed, output: '0x' }
  const topError = programTraceError(result.reverted ? undefined : result.error)
  const error = topError !== '' ? topError : result.reverted ? 'Reverted' : undefined
  const children = root?.children ?? []
  const out = [element(ctx, isCreate ? 'create' : 'call', action, children.length, [], parityResult, error)]
  const context = isCreate ? replayed.createdAddress! : (tx.to as Address)
  children.forEach((child, k) => {
    subtraces(out, ctx, child, context, [k], tx.data)
  })
  return out
}

/** The REMASC transaction's trace: a plain call with no gas that RSKj adds to every block. */
export function remascParityTrace(ctx: ParityContext, to: Address): ParityTrace {
  return element(
    ctx,
    'call',
    {
      callType: 'call',
      from: '0x0000000000000000000000000000000000000000',
      to,
      gas: '0x0',
      input: '0x',
      value: '0x0',
    },
    0,
    [],
    { gasUsed: '0x0', output: '0x' },
    undefined,
  )
}
