/**
 * `trace_filter` as RSKj's `TraceModuleImpl.traceFilter` runs it: blocks from `fromBlock`
 * (default `earliest`) to `toBlock` (default `latest`), transactions kept by sender
 * (`fromAddress`) and receiver (`toAddress`), then a window of `count` traces after the first
 * `after`, at most `rpc.trace.maxTracesPerRequest` (10 000).
 */
import type { Engine } from '../node/engine/engine.js'
import { InvalidParamsError } from '../rpc/errors/rpc.js'
import { parseAddress } from '../rpc/params.js'
import type { Address } from '../util/hex.js'
import type { ParityTrace } from './parityTraces.js'
import { UncheckedInputError } from './traceErrors.js'
import { parityTraces } from './traceService.js'

export const MAX_TRACES_PER_REQUEST = 10_000

export interface TraceFilterRequest {
  fromBlock: string
  toBlock: string
  fromAddress: Address[]
  toAddress: Address[]
  after: number
  count: number
}

const invalid = () => new InvalidParamsError('Invalid trace_filter parameters.')

function integerOrDefault(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid()
  return value
}

function addresses(value: unknown): Address[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalid()
  return value.map((a) => parseAddress(a))
}

function blockText(value: unknown, fallback: string): string {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string') throw invalid()
  return value
}

export function parseTraceFilter(raw: Record<string, unknown>): TraceFilterRequest {
  const request: TraceFilterRequest = {
    fromBlock: blockText(raw.fromBlock, 'earliest'),
    toBlock: blockText(raw.toBlock, 'latest'),
    fromAddress: addresses(raw.fromAddress),
    toAddress: addresses(raw.toAddress),
    after: integerOrDefault(raw.after, 0),
    count: integerOrDefault(raw.count, MAX_TRACES_PER_REQUEST),
  }
  if (request.count > MAX_TRACES_PER_REQUEST)
    throw new InvalidParamsError(`Count value too big. Maximum ${MAX_TRACES_PER_REQUEST} traces allowed.`)
  if (request.after < 0) throw new InvalidParamsError('After value cannot be negative.')
  if (request.after > MAX_TRACES_PER_REQUEST)
    throw new InvalidParamsError(`After value too big. Maximum ${MAX_TRACES_PER_REQUEST} traces allowed.`)
  return request
}

/** The block number a filter bound names, or undefined when that block does not exist. */
function boundNumber(engine: Engine, text: string): bigint | undefined {
  const tag = text.toLowerCase()
  if (tag === 'latest' || tag === 'pending') return engine.head.header.number
  if (tag === 'earliest') return 0n
  // RSKj's HexUtils.stringHexToBigInteger: a 0x prefix and hex digits, else a
  // NumberFormatException, which RSKj answers -32603; here -32602 with the reason.
  if (!/^0x[0-9a-f]+$/i.test(text)) throw new UncheckedInputError(`invalid block ${text}`)
  const n = BigInt(text)
  return n <= engine.head.header.number ? n : undefined
}

export async function traceFilter(engine: Engine, request: TraceFilterRequest): Promise<ParityTrace[]> {
  const from = boundNumber(engine, request.fromBlock)
  const toBound = boundNumber(engine, request.toBlock)
  if (from !== undefined && toBound !== undefined && from > toBound)
    throw new InvalidParamsError('fromBlock cannot be greater than toBlock')
  const to = toBound ?? engine.head.header.number
  const out: ParityTrace[] = []
  if (from === undefined) return out
  const { after, count } = request
  let processed = 0
  for (let n = from; n <= to; n++) {
    const block = await engine.reader.blockByNumber(n)
    if (!block) break
    const include = (index: number) => {
      const sender = block.senders[index]!
      const receiver = block.transactions[index]!.to
      if (request.fromAddress.length > 0 && !request.fromAddress.includes(sender)) return false
      if (request.toAddress.length > 0 && (receiver === undefined || !request.toAddress.includes(receiver)))
        return false
      return true
    }
    const traces = await parityTraces(engine, block, include)
    if (processed + traces.length > after) {
      const start = Math.max(0, after - processed)
      const end = Math.min(traces.length, after + count - processed)
      out.push(...traces.slice(start, end))
    }
    processed += traces.length
    if (processed >= after + count) break
  }
  return out
}
