/**
 * `eth_getLogs` / `eth_getFilterLogs` over a block range, with each profile's limits.
 *
 * Two policies exist (DESIGN §3, issue 8 "Profiles"):
 * - `rpc-api` (the hosted service of the specification): a range of at most 2,000 blocks returns
 *   any number of logs; a wider range returns at most 10,000 logs and otherwise fails, naming a
 *   range that would have worked.
 * - `rskj` (a self-run node): RSKj's -32012 limits, 5,000 blocks (`to − from > 5000` fails) and
 *   20,000 logs, with RSKj's texts.
 * Blocks whose bloom cannot contain a match are skipped without reading their receipts, and whole
 * sections of 65,536, 4,096, 256 or 16 blocks whose union bloom cannot are skipped without reading
 * their blooms.
 */

import { bloomMatcher } from '../chain/bloom.js'
import { type LogCriteria, matchesLog } from '../filters/logMatch.js'
import type { LogView } from './engine/views.js'
import { LogQueryLimitError } from './errors.js'

export type LogLimitPolicy =
  | { kind: 'range-or-cap'; freeRange: bigint; maxLogs: number }
  | { kind: 'rskj'; maxBlocks: bigint; maxLogs: number }

export interface BlockLogSource {
  /** The block's logs bloom, or undefined past the head. */
  bloom(number: bigint): Promise<Uint8Array | undefined>
  /** Every log of the block, in block order, with block-wide log indexes. */
  logs(number: bigint): Promise<LogView[]>
  /**
   * The union of the blooms of the `size` blocks from `start`, when `size` is one of
   * `LOG_SECTION_SIZES`, `start` a multiple of it and the section complete at or below the head.
   */
  sectionBloom?(start: bigint, size: bigint): Promise<Uint8Array | undefined>
  /**
   * What the three reads above would return, when it is already in memory (undefined otherwise).
   * A query over thousands of cached blocks then runs without a promise per block, which was most
   * of its time.
   */
  cachedBloom?(number: bigint): Uint8Array | undefined
  cachedLogs?(number: bigint): LogView[] | undefined
  cachedSectionBloom?(start: bigint, size: bigint): Uint8Array | undefined
}

/**
 * Section sizes of `BlockLogSource.sectionBloom`, coarsest first; each divides the one before (by
 * 16: a skipped section costs ~16 checks of the next finer size where it may match).
 */
export const LOG_SECTION_SIZES: readonly bigint[] = [65536n, 4096n, 256n, 16n]

export interface LogQuery {
  from: bigint
  to: bigint
  criteria: LogCriteria
}

export async function queryLogs(
  source: BlockLogSource,
  query: LogQuery,
  policy: LogLimitPolicy,
): Promise<LogView[]> {
  const { from, to, criteria } = query
  const mayMatch = bloomMatcher(criteria)
  if (policy.kind === 'rskj' && to - from > policy.maxBlocks)
    throw new LogQueryLimitError(`Cannot query more than ${policy.maxBlocks} blocks at once`)
  const capped = policy.kind === 'rskj' || to - from + 1n > policy.freeRange
  const out: LogView[] = []
  // RSKj's do-while quirk: with from > to the `to` block is still scanned once.
  const last = to < from ? from : to
  const first = to < from ? to : from
  // Section starts are multiples of the finest size: a number mirror of `n` spares a BigInt
  // division per block.
  const finest = Number(LOG_SECTION_SIZES[LOG_SECTION_SIZES.length - 1])
  let offset = Number(first % BigInt(finest))
  for (let n = first; n <= last; n++, offset = offset + 1 === finest ? 0 : offset + 1) {
    // A whole section whose union bloom cannot match is skipped without reading its blocks.
    if (offset === 0 && to >= from) {
      const skip =
        cachedSkippableSection(source, n, last, mayMatch) ??
        (await skippableSection(source, n, last, mayMatch))
      if (skip > 0n) {
        n += skip - 1n
        offset = finest - 1
        continue
      }
    }
    const bloom = source.cachedBloom?.(n) ?? (await source.bloom(n))
    if (!bloom) break
    if (!mayMatch(bloom)) continue
    const logs = source.cachedLogs?.(n) ?? (await source.logs(n))
    for (const log of logs) {
      if (!matchesLog(log, criteria)) continue
      out.push(log)
      if (capped && out.length > policy.maxLogs) throw tooManyLogs(policy, from, n)
    }
    if (to < from) break
  }
  return out
}

/** `skippableSection` from in-memory section blooms only; undefined when one must be read or built. */
function cachedSkippableSection(
  source: BlockLogSource,
  n: bigint,
  last: bigint,
  mayMatch: (bloom: Uint8Array) => boolean,
): bigint | undefined {
  if (!source.sectionBloom) return 0n
  if (!source.cachedSectionBloom) return undefined
  for (const size of LOG_SECTION_SIZES) {
    if (n % size !== 0n || n + size - 1n > last) continue
    const union = source.cachedSectionBloom(n, size)
    if (!union) return undefined
    if (!mayMatch(union)) return size
  }
  return 0n
}

/** The size of the largest section starting at `n`, inside the range, that cannot match; or 0. */
async function skippableSection(
  source: BlockLogSource,
  n: bigint,
  last: bigint,
  mayMatch: (bloom: Uint8Array) => boolean,
): Promise<bigint> {
  if (!source.sectionBloom) return 0n
  for (const size of LOG_SECTION_SIZES) {
    if (n % size !== 0n || n + size - 1n > last) continue
    const union = source.cachedSectionBloom?.(n, size) ?? (await source.sectionBloom(n, size))
    if (!union) continue
    if (!mayMatch(union)) return size
  }
  return 0n
}

function tooManyLogs(policy: LogLimitPolicy, from: bigint, reached: bigint): LogQueryLimitError {
  if (policy.kind === 'rskj')
    return new LogQueryLimitError(`Filter returned more than ${policy.maxLogs} logs.`)
  const suggestedTo = reached - 1n >= from ? reached - 1n : from
  const freeTo = from + policy.freeRange - 1n
  const suggestion = suggestedTo > freeTo ? suggestedTo : freeTo
  return new LogQueryLimitError(
    `Query returned more than ${policy.maxLogs} logs over a range wider than ${policy.freeRange} blocks. ` +
      `Narrow it: a range of at most ${policy.freeRange} blocks returns every log, e.g. fromBlock 0x${from.toString(16)} ` +
      `toBlock 0x${suggestion.toString(16)}.`,
  )
}
