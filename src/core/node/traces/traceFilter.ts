/**
 * `trace_filter` as RSKj's `TraceModuleImpl.traceFilter` runs it: blocks from `fromBlock`
 * (default `earliest`) to `toBlock` (default `latest`), transactions kept by sender
 * (`fromAddress`) and receiver (`toAddress`), then a window of `count` traces after the first
 * `after`. `rpc/traceParams.ts` reads the request and enforces its limits.
 */
import type { ParityTrace } from '../../tracing/parityTraces.js'
import type { Address } from '../../util/hex.js'
import type { Engine } from '../engine/engine.js'
import { TraceRangeError } from '../errors.js'
import { parityTraces } from './traceService.js'

/** A bound of the range: a tag (`pending` means `latest`) or a block number. */
export type TraceFilterBound =
  | { kind: 'tag'; tag: 'latest' | 'pending' | 'earliest' }
  | { kind: 'number'; number: bigint }

export interface TraceFilterRequest {
  fromBlock: TraceFilterBound
  toBlock: TraceFilterBound
  fromAddress: Address[]
  toAddress: Address[]
  after: number
  count: number
}

/** The block number a filter bound names, or undefined when that block does not exist. */
function boundNumber(engine: Engine, bound: TraceFilterBound): bigint | undefined {
  if (bound.kind === 'tag') return bound.tag === 'earliest' ? 0n : engine.head.header.number
  return bound.number <= engine.head.header.number ? bound.number : undefined
}

export async function traceFilter(engine: Engine, request: TraceFilterRequest): Promise<ParityTrace[]> {
  const from = boundNumber(engine, request.fromBlock)
  const toBound = boundNumber(engine, request.toBlock)
  if (from !== undefined && toBound !== undefined && from > toBound) throw new TraceRangeError()
  const to = toBound ?? engine.head.header.number
  const out: ParityTrace[] = []
  if (from === undefined) return out
  const { after, count } = request
  let processed = 0
  // On a fork, only this chain's blocks are scanned: the upstream's (at or below the fork block;
  // the fork block's local record holds no transactions) are not.
  const forkBlock = engine.fork?.history.forkBlock
  const first = forkBlock !== undefined && forkBlock >= from ? forkBlock + 1n : from
  for (let n = first; n <= to; n++) {
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
