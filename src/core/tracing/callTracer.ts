/**
 * RSKj's `callTracer` (`CallTraceTransformer`): the call tree of a transaction as
 * `{type, from, to, value, gas, gasUsed, input, output, error, revertReason, calls, logs}` with
 * null members left out. RSKj builds the top level from the receipt and an empty program result,
 * so its `output` is always `0x0` (or the created address for a creation): reproduced as is.
 */

import { decodeRevertReason } from '../evm/revertReason.js'
import type { Log } from '../evm/types.js'
import { type Address, bytesToQuantity, bytesToHex as toData, toQuantity } from '../util/hex.js'
import type { CallFrameCollector, CallFrameNode } from './callFrames.js'
import type { ReplayedTransaction } from './replayed.js'
import { programTraceError } from './traceErrors.js'

export interface CallTracerOptions {
  onlyTopCall: boolean
  withLog: boolean
}

export interface CallTraceLog {
  index: number
  address: string
  topics: string[]
  data: string
}

export interface CallTraceResult {
  type: string
  from: string
  to?: string
  value?: string
  gas?: string
  gasUsed?: string
  input?: string
  output?: string
  error?: string
  revertReason?: string
  calls?: CallTraceResult[]
  logs?: CallTraceLog[]
}

/** RSKj `HexUtils.toJsonHex`: like DATA but `0x00` for empty. */
function toJsonHex(bytes: Uint8Array): string {
  return bytes.length === 0 ? '0x00' : toData(bytes)
}

function logsJson(logs: readonly Log[]): CallTraceLog[] {
  return logs.map((log, index) => ({
    index,
    address: log.address,
    topics: log.topics.map(toJsonHex),
    data: toJsonHex(log.data),
  }))
}

/** Members in RSKj's order, nulls dropped. */
function ordered(r: CallTraceResult): CallTraceResult {
  const out: Record<string, unknown> = {}
  for (const key of [
    'type',
    'from',
    'to',
    'value',
    'gas',
    'gasUsed',
    'input',
    'output',
    'error',
    'revertReason',
    'calls',
    'logs',
  ] as const) {
    if (r[key] !== undefined) out[key] = r[key]
  }
  return out as unknown as CallTraceResult
}

function subcall(node: CallFrameNode, parentContext: Address, withLog: boolean): CallTraceResult {
  const { info, result } = node
  const isCreate = info.type === 'CREATE' || info.type === 'CREATE2'
  const isDelegate = info.type === 'DELEGATECALL'
  const context = isDelegate || info.type === 'CALLCODE' ? parentContext : info.to
  const r: CallTraceResult = {
    type: isCreate ? 'CREATE' : info.type,
    from: isDelegate ? parentContext : info.from,
    input: toData(info.input),
    value: toQuantity(info.value),
    gas: toQuantity(info.gas),
  }
  if (isCreate) r.output = info.to
  else r.to = info.to
  if (result) {
    r.gasUsed = toQuantity(result.gasUsed)
    if (result.reverted) {
      r.revertReason = decodeRevertReason(result.output)
      r.output = bytesToQuantity(result.output)
      r.error = 'execution reverted'
    } else if (!isCreate) r.output = bytesToQuantity(result.output)
    if (!result.success && !result.reverted && result.error !== undefined) r.error = result.error
    if (withLog) r.logs = result.logs.length > 0 ? logsJson(result.logs) : undefined
  }
  const calls = node.children.map((child) => subcall(child, context, withLog))
  if (calls.length > 0) r.calls = calls
  return ordered(r)
}

export function callTraceOf(
  replayed: ReplayedTransaction<CallFrameCollector>,
  options: CallTracerOptions,
): CallTraceResult {
  const { tx, sender, result } = replayed
  const root = replayed.tracer?.root
  const isCreate = tx.to === undefined
  const r: CallTraceResult = { type: isCreate ? 'CREATE' : 'CALL', from: sender }
  if (isCreate) {
    r.input = toData(tx.data)
    r.output = replayed.createdAddress
  } else {
    r.input = toData(tx.data)
    r.to = tx.to
  }
  r.value = toQuantity(tx.value)
  // RSKj's transfer invocation (no code ran) carries no gas.
  r.gas = toQuantity(root?.info.gas ?? 0n)
  r.gasUsed = toQuantity(result.gasUsed)
  if (result.reverted) {
    r.output = '0x0'
    r.error = 'execution reverted'
  } else if (!isCreate) r.output = '0x0'
  const error = programTraceError(result.reverted ? undefined : result.error)
  if (error !== '') r.error = error
  if (options.withLog && result.logs.length > 0) r.logs = logsJson(result.logs)
  if (!options.onlyTopCall && root) {
    const context = isCreate ? (replayed.createdAddress ?? root.info.to) : root.info.to
    const calls = root.children.map((child) => subcall(child, context, options.withLog))
    if (calls.length > 0) r.calls = calls
  }
  return ordered(r)
}
