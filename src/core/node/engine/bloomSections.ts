/**
 * A bloom of blooms per section of blocks (65,536, 4,096, 256 and 16): the OR of every logs bloom
 * in the section, with which of its 16 parts have logs. A log query whose filter cannot match a
 * section's bloom skips its blocks without reading one bloom, so a topic that matches nothing
 * answers from a handful of sections instead of walking the whole range. Blooms only ever gain bits when ORed, so a block that may match always leaves its
 * section's bloom matching too: skipping never drops a log.
 *
 * The chain stores each section's union when its last block is committed (logSectionRecords.ts);
 * those are read as they are. Sections without a record (a chain written before the records
 * existed) are built on first use and kept in memory. Each remembers the hash of its last block,
 * and is used only while that block is still canonical: a block hash commits to every ancestor,
 * so an unchanged last hash means an unchanged section, whatever was reverted or replaced since.
 */
import { equalBytes } from '../../util/hex.js'
import { LOG_SECTION_SIZES, type LogSection } from '../logQuery.js'

const BLOOM_BYTES = 256
/** The finest sections are built from block blooms, each coarser one from the next finer. */
const FINEST = LOG_SECTION_SIZES[LOG_SECTION_SIZES.length - 1] as bigint

/** What the index reads: canonical blooms and hashes of blocks up to the head. */
export interface BloomSectionSource {
  headNumber(): bigint
  bloom(number: bigint): Promise<Uint8Array | undefined>
  canonicalHash(number: bigint): Promise<Uint8Array | undefined>
  /**
   * The section's union as the chain stored it (logSectionRecords.ts), canonical whenever its last
   * block is at or below the head; undefined when the chain has no record of it.
   */
  storedSection?(start: bigint, size: bigint): Promise<LogSection | undefined>
}

interface Section extends LogSection {
  lastHash: Uint8Array
}

export class BloomSectionIndex {
  readonly #source: BloomSectionSource
  /** Per section size, sections by their first block. */
  readonly #sections = new Map<bigint, Map<bigint, Section>>(
    LOG_SECTION_SIZES.map((size) => [size, new Map()]),
  )

  constructor(source: BloomSectionSource) {
    this.#source = source
  }

  /**
   * The union of the blooms of blocks `start … start + size − 1`, or undefined when `size` is not
   * one of `LOG_SECTION_SIZES`, `start` is not a multiple of it, or the section is not complete at
   * or below the head (the caller then walks its blocks).
   */
  async sectionBloom(start: bigint, size: bigint): Promise<LogSection | undefined> {
    const sections = this.#sections.get(size)
    if (!sections || start < 0n || start % size !== 0n) return undefined
    const last = start + size - 1n
    if (last > this.#source.headNumber()) return undefined
    const stored = await this.#source.storedSection?.(start, size)
    if (stored) return stored
    const lastHash = await this.#source.canonicalHash(last)
    if (!lastHash) return undefined
    const known = sections.get(start)
    if (known && equalBytes(known.lastHash, lastHash)) return known
    const bloom = new Uint8Array(BLOOM_BYTES)
    let parts = 0
    const part = size === FINEST ? 1n : (LOG_SECTION_SIZES[LOG_SECTION_SIZES.indexOf(size) + 1] as bigint)
    for (let i = 0, n = start; n <= last; i++, n += part) {
      const partBloom = part === 1n ? await this.#source.bloom(n) : (await this.sectionBloom(n, part))?.bloom
      if (!partBloom) return undefined
      let any = 0
      for (let b = 0; b < BLOOM_BYTES; b++) {
        any |= partBloom[b] as number
        bloom[b]! |= partBloom[b] as number
      }
      if (any !== 0) parts |= 1 << i
    }
    const section = { lastHash, bloom, parts }
    sections.set(start, section)
    return section
  }

  /**
   * The section's union bloom when it is built, without checking its last hash again: every
   * replacement of canonical blocks (revert, reset, import) goes through `forgetAbove` or `clear`,
   * which drop the sections it touches, so a kept section is canonical. A log query checks dozens
   * of sections, and the hash lookups were most of a query that matches nothing.
   */
  cachedSectionBloom(start: bigint, size: bigint): LogSection | undefined {
    const known = this.#sections.get(size)?.get(start)
    if (!known || start + size - 1n > this.#source.headNumber()) return undefined
    return known
  }

  /** Drops sections that reach above `number` (blocks there were reverted). */
  forgetAbove(number: bigint): void {
    for (const [size, sections] of this.#sections)
      for (const start of sections.keys()) if (start + size - 1n > number) sections.delete(start)
  }

  clear(): void {
    for (const sections of this.#sections.values()) sections.clear()
  }
}
