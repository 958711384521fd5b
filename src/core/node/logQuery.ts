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
 * their blooms. A section that may match is descended into through the parts its record lists as
 * having logs only: a query's reads then follow the blocks with logs, not the length of the chain.
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
   * The union of the blooms of the `size` blocks from `start` and which of its 16 parts have logs,
   * when `size` is one of `LOG_SECTION_SIZES`, `start` a multiple of it and the section complete
   * at or below the head.
   */
  sectionBloom?(start: bigint, size: bigint): Promise<LogSection | undefined>
  /**
   * What the three reads above would return, when it is already in memory (undefined otherwise).
   * A query over thousands of cached blocks then runs without a promise per block, which was most
   * of its time.
   */
  cachedBloom?(number: bigint): Uint8Array | undefined
  cachedLogs?(number: bigint): LogView[] | undefined
  cachedSectionBloom?(start: bigint, size: bigint): LogSection | undefined
}

/** A section of blocks as a query sees it. */
export interface LogSection {
  /** The union of the logs blooms of its blocks. */
  bloom: Uint8Array
  /**
   * Bit `i` set: part `i` of the section's 16 (block `start + i` of a 16-block section, else the
   * `i`-th section of the next finer size) may have logs; a clear bit: it has none for sure.
   */
  parts: number
}

/** Every part may have logs: what a section whose parts are not known says. */
export const ALL_PARTS = 0xffff

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
  if (policy.kind === 'rskj' && to - from > policy.maxBlocks)
    throw new LogQueryLimitError(`Cannot query more than ${policy.maxBlocks} blocks at once`)
  const capped = policy.kind === 'rskj' || to - from + 1n > policy.freeRange
  const scan = new RangeScan(source, criteria, (n, found) => {
    if (capped && found > policy.maxLogs) throw tooManyLogs(policy, from, n)
  })
  if (to < from) await scan.invertedRange(to, from)
  else await scan.range(from, to)
  return scan.found
}

/** A section's part indexes as BigInts, made once. */
const PART_INDEXES = Array.from({ length: 16 }, (_, i) => BigInt(i))

/** Finest section size as a number: section starts are its multiples. */
const FINEST = Number(LOG_SECTION_SIZES[LOG_SECTION_SIZES.length - 1])

/** One query's walk over blocks and sections, collecting the matching logs in block order. */
class RangeScan {
  readonly found: LogView[] = []
  readonly #source: BlockLogSource
  readonly #criteria: LogCriteria
  readonly #mayMatch: (bloom: Uint8Array) => boolean
  /** Called after each matching log with its block and the count so far; throws to stop. */
  readonly #onLog: (n: bigint, found: number) => void

  constructor(source: BlockLogSource, criteria: LogCriteria, onLog: (n: bigint, found: number) => void) {
    this.#source = source
    this.#criteria = criteria
    this.#mayMatch = bloomMatcher(criteria)
    this.#onLog = onLog
  }

  /**
   * Blocks `first … last`: the largest complete section starting at each aligned block, block by
   * block where none fits (the range's ragged ends, the head's unfinished section). Stops at the
   * first block past the head.
   */
  async range(first: bigint, last: bigint): Promise<void> {
    // A number mirror of `n`'s offset in its finest section spares a BigInt division per block.
    let offset = Number(first % BigInt(FINEST))
    for (let n = first; n <= last; ) {
      if (offset === 0) {
        const size = await this.#sectionAt(n, last)
        if (size > 0n) {
          n += size
          continue
        }
      }
      if (!this.#cachedBlock(n) && !(await this.#block(n))) return
      n++
      offset = offset + 1 === FINEST ? 0 : offset + 1
    }
  }

  /**
   * RSKj's do-while quirk (from > to): the walk starts at `to` without sections and ends after the
   * first block whose bloom may match.
   */
  async invertedRange(to: bigint, from: bigint): Promise<void> {
    for (let n = to; n <= from; n++) {
      const bloom = this.#source.cachedBloom?.(n) ?? (await this.#source.bloom(n))
      if (!bloom) return
      if (!this.#mayMatch(bloom)) continue
      this.#logsOf(n, this.#source.cachedLogs?.(n) ?? (await this.#source.logs(n)))
      return
    }
  }

  /** Walks the largest complete section at `n` inside the range; its size, or 0 when none is. */
  async #sectionAt(n: bigint, last: bigint): Promise<bigint> {
    if (!this.#source.sectionBloom) return 0n
    for (const size of LOG_SECTION_SIZES) {
      if (n % size !== 0n || n + size - 1n > last) continue
      const section = this.#source.cachedSectionBloom?.(n, size) ?? (await this.#source.sectionBloom(n, size))
      if (!section) continue
      if (this.#mayMatch(section.bloom)) await this.#section(n, size, section)
      return size
    }
    return 0n
  }

  /**
   * A complete section whose bloom may match: each of its parts that has logs. A query over a
   * long chain enters thousands of sections: when all it needs is in memory the section is walked
   * without a promise; else what that walk found is dropped and the parts are walked with reads.
   */
  async #section(start: bigint, size: bigint, section: LogSection): Promise<void> {
    const mark = this.found.length
    if (this.#sectionInMemory(start, size, section)) return
    this.found.length = mark
    const partSize = size / 16n
    for (let i = 0; i < 16; i++) {
      if ((section.parts & (1 << i)) === 0) continue
      const part = start + PART_INDEXES[i]! * partSize
      if (partSize === 1n) {
        if (!this.#cachedBlock(part)) await this.#block(part)
        continue
      }
      const inner =
        this.#source.cachedSectionBloom?.(part, partSize) ??
        (await this.#source.sectionBloom?.(part, partSize))
      if (!inner) await this.range(part, part + partSize - 1n)
      else if (this.#mayMatch(inner.bloom)) await this.#section(part, partSize, inner)
    }
  }

  /** `#section` from memory only: false as soon as something must be read (its logs are then partial). */
  #sectionInMemory(start: bigint, size: bigint, section: LogSection): boolean {
    const partSize = size / 16n
    for (let i = 0; i < 16; i++) {
      if ((section.parts & (1 << i)) === 0) continue
      const part = start + PART_INDEXES[i]! * partSize
      if (partSize === 1n) {
        if (!this.#cachedBlock(part)) return false
        continue
      }
      const inner = this.#source.cachedSectionBloom?.(part, partSize)
      if (!inner) return false
      if (this.#mayMatch(inner.bloom) && !this.#sectionInMemory(part, partSize, inner)) return false
    }
    return true
  }

  /** Block `n`'s matching logs; false past the head. */
  async #block(n: bigint): Promise<boolean> {
    const bloom = this.#source.cachedBloom?.(n) ?? (await this.#source.bloom(n))
    if (!bloom) return false
    if (this.#mayMatch(bloom)) this.#logsOf(n, this.#source.cachedLogs?.(n) ?? (await this.#source.logs(n)))
    return true
  }

  /** `#block(n)` when what it needs is in memory: false when it is not (nothing was done). */
  #cachedBlock(n: bigint): boolean {
    const bloom = this.#source.cachedBloom?.(n)
    if (!bloom) return false
    if (!this.#mayMatch(bloom)) return true
    const logs = this.#source.cachedLogs?.(n)
    if (!logs) return false
    this.#logsOf(n, logs)
    return true
  }

  #logsOf(n: bigint, logs: LogView[]): void {
    for (const log of logs) {
      if (!matchesLog(log, this.#criteria)) continue
      this.found.push(log)
      this.#onLog(n, this.found.length)
    }
  }
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
