/**
 * What the debug_* and trace_* methods share: replaying a block with the right tracers and
 * shaping RSKj's JSON. A transaction is traced by replaying its block up to it on the parent
 * state; the REMASC transaction that ends every block runs no code and gets RSKj's transfer
 * trace.
 */

import { userTransactionCount } from '../chain/block.js'
import { REMASC_ADDRESS } from '../network/networks.js'
import type { StoredBlock } from '../node/engine/blockRecord.js'
import type { Engine } from '../node/engine/engine.js'
import { bytesToHex, type Hex } from '../util/hex.js'
import { CallFrameCollector } from './callFrames.js'
import { type CallTraceResult, type CallTracerOptions, callTraceOf } from './callTracer.js'
import { type ParityContext, type ParityTrace, parityTracesOf, remascParityTrace } from './parityTraces.js'
import { type ReplayedTransaction, replayBlock } from './replay.js'
import { type RskTrace, rskTraceOf, transferTraceOf } from './rskTrace.js'
import type { StructLogOptions } from './structTracer.js'
import { StructLogTracer } from './structTracer.js'

export interface DebugTraceOptions extends StructLogOptions, CallTracerOptions {
  tracer: 'rskTracer' | 'callTracer'
}

export interface BlockCallTrace {
  txHash: Hex
  result: CallTraceResult
}

function userCount(block: StoredBlock): number {
  return userTransactionCount(block.transactions)
}

/** The REMASC transaction's index: last, when the block has one (a chain may leave it out). */
function remascIndexOf(block: StoredBlock): number | undefined {
  const users = userCount(block)
  return users < block.transactions.length ? users : undefined
}

/** The struct (`rskTracer`) traces of transactions `0..last` of the block, REMASC included when reached. */
export async function rskTraces(
  engine: Engine,
  block: StoredBlock,
  options: StructLogOptions,
  only?: number,
): Promise<RskTrace[]> {
  const replayed = await replayBlock({
    engine,
    block,
    lastIndex: only,
    createTracer: (index) =>
      only === undefined || index === only ? new StructLogTracer(options) : undefined,
  })
  const traces = replayed
    .filter((r) => only === undefined || r.index === only)
    .map((r) => rskTraceOf(r as ReplayedTransaction<StructLogTracer>))
  const remascIndex = remascIndexOf(block)
  if (remascIndex !== undefined && (only === undefined || only === remascIndex))
    traces.push(transferTraceOf(block.senders[remascIndex]!, REMASC_ADDRESS, 0n, new Uint8Array(0)))
  return traces
}

async function callFrames(engine: Engine, block: StoredBlock, only?: number) {
  const replayed = await replayBlock({
    engine,
    block,
    lastIndex: only,
    createTracer: (index) => (only === undefined || index === only ? new CallFrameCollector() : undefined),
  })
  return replayed.filter(
    (r) => only === undefined || r.index === only,
  ) as ReplayedTransaction<CallFrameCollector>[]
}

/** The REMASC transaction as a call trace with no frames. */
function remascCallTrace(block: StoredBlock): CallTraceResult {
  return {
    type: 'CALL',
    from: block.senders[userCount(block)]!,
    to: REMASC_ADDRESS,
    value: '0x0',
    gas: '0x0',
    gasUsed: '0x0',
    input: '0x',
    output: '0x0',
  }
}

export async function callTraces(
  engine: Engine,
  block: StoredBlock,
  options: CallTracerOptions,
  only?: number,
): Promise<BlockCallTrace[]> {
  const out: BlockCallTrace[] = (await callFrames(engine, block, only)).map((r) => ({
    txHash: bytesToHex(r.tx.hash),
    result: callTraceOf(r, options),
  }))
  const remascIndex = remascIndexOf(block)
  if (remascIndex !== undefined && (only === undefined || only === remascIndex))
    out.push({ txHash: bytesToHex(block.transactions[remascIndex]!.hash), result: remascCallTrace(block) })
  return out
}

function contextOf(block: StoredBlock, index: number): ParityContext {
  return {
    blockHash: bytesToHex(block.hash),
    blockNumber: Number(block.header.number),
    transactionHash: bytesToHex(block.transactions[index]!.hash),
    transactionPosition: index,
  }
}

/**
 * Parity-style traces of the block (all transactions, or only those `include` accepts), in
 * transaction order. The genesis block has none.
 */
export async function parityTraces(
  engine: Engine,
  block: StoredBlock,
  include: (index: number) => boolean = () => true,
  only?: number,
): Promise<ParityTrace[]> {
  if (block.header.number === 0n) return []
  const out: ParityTrace[] = []
  for (const r of await callFrames(engine, block, only)) {
    if (include(r.index)) out.push(...parityTracesOf(r, contextOf(block, r.index)))
  }
  const remascIndex = remascIndexOf(block)
  if (remascIndex !== undefined && (only === undefined || only === remascIndex) && include(remascIndex))
    out.push(remascParityTrace(contextOf(block, remascIndex), REMASC_ADDRESS))
  return out
}
