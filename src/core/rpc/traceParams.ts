/**
 * The `trace_filter` object as RSKj's `TraceModuleImpl.traceFilter` reads it, with its limits
 * (`rpc.trace.maxTracesPerRequest`, 10 000) and messages. Block bounds are read last, after the
 * limits, as RSKj resolves them only when it runs the filter.
 */
import type { TraceFilterBound, TraceFilterRequest } from '../node/traces/traceFilter.js'
import type { Address } from '../util/hex.js'
import { InvalidParamsError, UncheckedInputError } from './errors/rpc.js'
import { parseAddress } from './params.js'

export const MAX_TRACES_PER_REQUEST = 10_000

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

function bound(text: string): TraceFilterBound {
  const tag = text.toLowerCase()
  if (tag === 'latest' || tag === 'pending' || tag === 'earliest') return { kind: 'tag', tag }
  // RSKj's HexUtils.stringHexToBigInteger: a 0x prefix and hex digits, else a
  // NumberFormatException, which RSKj answers -32603; here -32602 with the reason.
  if (!/^0x[0-9a-f]+$/i.test(text)) throw new UncheckedInputError(`invalid block ${text}`)
  return { kind: 'number', number: BigInt(text) }
}

export function parseTraceFilter(raw: Record<string, unknown>): TraceFilterRequest {
  const fromBlock = blockText(raw.fromBlock, 'earliest')
  const toBlock = blockText(raw.toBlock, 'latest')
  const fromAddress = addresses(raw.fromAddress)
  const toAddress = addresses(raw.toAddress)
  const after = integerOrDefault(raw.after, 0)
  const count = integerOrDefault(raw.count, MAX_TRACES_PER_REQUEST)
  if (count > MAX_TRACES_PER_REQUEST)
    throw new InvalidParamsError(`Count value too big. Maximum ${MAX_TRACES_PER_REQUEST} traces allowed.`)
  if (after < 0) throw new InvalidParamsError('After value cannot be negative.')
  if (after > MAX_TRACES_PER_REQUEST)
    throw new InvalidParamsError(`After value too big. Maximum ${MAX_TRACES_PER_REQUEST} traces allowed.`)
  return { fromBlock: bound(fromBlock), toBlock: bound(toBlock), fromAddress, toAddress, after, count }
}
