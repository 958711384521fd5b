/**
 * Reads of the stored chain with small in-memory caches. The newest blocks are what dApps ask
 * for most (receipts right after a send, the head for every poll), so they stay in memory.
 */

import { UNCLE_WINDOW } from '../../chain/forkDetection.js'
import type { KeyValueStore } from '../../storage/types.js'
import { bytesToHex, bytesToUnprefixedHex, equalBytes, hexToBytes } from '../../util/hex.js'
import { objectMemo } from '../../util/objectMemo.js'
import type { LogSection } from '../logQuery.js'
import { decodeBlockRecord } from './blockCodec.js'
import { decodeBlockLogViews, packedBloomOfBlockRecord } from './blockLogViews.js'
import type { StoredBlock } from './blockRecord.js'
import { BloomSectionIndex } from './bloomSections.js'
import { HeightRing } from './heightRing.js'
import { keys } from './keys.js'
import { decodeLogSection } from './logSectionRecords.js'
import { TwoGenerationCache } from './twoGenerationCache.js'
import type { LogView } from './views.js'

export interface TransactionLocation {
  blockNumber: bigint
  index: number
}

/**
 * Newest committed blocks kept whole (receipts right after a send, the head, fork detection's
 * uncle window below the parent). A decoded block with its receipts holds ~10 KB of small objects
 * that get promoted to the old generation when kept long, so thousands of them would be most of
 * the heap and, once evicted, of its garbage; older blocks are read back from storage when asked
 * for.
 */
const RECENT_BLOCKS = UNCLE_WINDOW + 1
/** Hashes of the newest blocks: BLOCKHASH reads the 256 below the executing block. */
const RECENT_HASHES = 257
/** Blooms of blocks without logs all equal this one; keeping one copy saves ~400 bytes a block. */
const EMPTY_BLOOM = new Uint8Array(256)

/** A stored bloom; a block without logs stores none, and one shared zero bloom stands for it. */
function unpackedBloom(packed: Uint8Array): Uint8Array {
  return packed.length === 0 ? EMPTY_BLOOM : packed
}
/** Older blocks decoded from storage, most recently read last (a block explorer paging back). */
const OLDER_BLOCKS = 64
/**
 * Log views of blocks read by log queries: filters re-query the same ranges, and the views hold
 * only the log fields, not the whole block.
 */
const LOG_VIEWS = 8192
/** Section-end hashes kept: one per 16 blocks, so 8,192 of them cover 131,072 blocks. */
const SECTION_ENDS = 8192
/**
 * Blooms kept per generation (two generations): every committed block's and those log queries
 * read. A map of every block's bloom grew with the chain (~60 bytes a block of heap with one
 * shared empty bloom: ~60 MB at a million blocks).
 */
const BLOOMS = 32_768
/**
 * Blocks whose blooms are read at once by a scan that continues where the previous read ended
 * (whole block records, ~0.6–1 KB each: the header holds the bloom).
 */
const BLOOM_RUN = 64n
/**
 * Blooms read at once by a read that does not continue a scan (the query skipped sections to get
 * here): the rest of the finest section, not 512 blocks of which most will be skipped again.
 */
const BLOOM_JUMP = 16n
/**
 * Stored section unions kept per generation. A query for 2,000 logs spread over a million blocks
 * reads ~2,000 groups of 16 sections of 16 blocks and ~250 of 256: with 8,192 a generation the
 * cache thrashed (every warm query read them all again, 3.4 s at 456,000 blocks on LevelDB). Most
 * entries share one empty bloom: ~70 bytes each, ~5 MB when full.
 */
const STORED_SECTIONS = 32_768

export class ChainReader {
  readonly #kv: KeyValueStore
  /** The newest committed blocks, by height (`RECENT_BLOCKS` of them). */
  readonly #blocks = new HeightRing<StoredBlock>(RECENT_BLOCKS)
  readonly #hashes = new HeightRing<Uint8Array>(RECENT_HASHES)
  readonly #older = new Map<bigint, StoredBlock>()
  readonly #logViews = new Map<number, LogView[]>()
  /** Hashes of the last blocks of bloom sections (one per 16 blocks), which log queries check. */
  readonly #sectionEnds = new Map<bigint, Uint8Array>()
  readonly #blooms = new TwoGenerationCache<number, Uint8Array>(BLOOMS)
  /** Stored sections read, by `sectionCacheKey` (two bounded generations). */
  readonly #storedSections = new TwoGenerationCache<number, LogSection>(STORED_SECTIONS)
  /** Where the last storage read of blooms ended: a read starting there continues a scan. */
  #bloomRunEnd = -1n
  readonly #sections = new BloomSectionIndex({
    headNumber: () => this.headNumber,
    bloom: (n) => this.bloom(n),
    canonicalHash: (n) => this.#sectionEndHash(n),
    storedSection: (start, size) => this.storedSection(start, size),
  })
  head!: StoredBlock
  /** Bumped when cached blocks are dropped: a read that spans a bump is not cached. */
  #generation = 0

  constructor(kv: KeyValueStore) {
    this.#kv = kv
  }

  get headNumber(): bigint {
    return this.head.header.number
  }

  /** Puts a just-committed block in the caches. */
  remember(block: StoredBlock): void {
    const n = block.header.number
    // The block `RECENT_BLOCKS` below leaves the ring; its transactions are then found in storage.
    this.#blocks.set(n, block)
    this.#hashes.set(n, block.hash)
    const bloom = block.header.logsBloom
    this.#blooms.set(Number(n), equalBytes(bloom, EMPTY_BLOOM) ? EMPTY_BLOOM : bloom)
  }

  /** Drops blocks above `number` from the caches (after a revert). */
  forgetAbove(number: bigint): void {
    this.#generation++
    for (const [n] of this.#blocks.entries()) {
      if (n <= number) continue
      this.#blocks.delete(n)
    }
    this.#blooms.deleteWhere((n) => n > number)
    for (const [n] of this.#hashes.entries()) if (n > number) this.#hashes.delete(n)
    for (const n of this.#older.keys()) if (n > number) this.#older.delete(n)
    for (const n of this.#logViews.keys()) if (n > number) this.#logViews.delete(n)
    for (const n of this.#sectionEnds.keys()) if (n > number) this.#sectionEnds.delete(n)
    this.#sections.forgetAbove(number)
    // The records of removed sections are deleted with their blocks; reverts are rare.
    this.#storedSections.clear()
  }

  clear(): void {
    this.#generation++
    this.#blocks.clear()
    this.#hashes.clear()
    this.#older.clear()
    this.#logViews.clear()
    this.#sectionEnds.clear()
    this.#blooms.clear()
    this.#sections.clear()
    this.#storedSections.clear()
  }

  /**
   * A forked chain's blocks below its fork block are the upstream's: their hashes come from the
   * fork (which may stop the execution to fetch one; see `ForkState.blockHash`).
   */
  upstreamHash: ((n: bigint) => Uint8Array | undefined) | undefined

  /** Hash of block `n` when it is in memory (BLOCKHASH reads the last 256, which are). */
  cachedHash(n: bigint): Uint8Array | undefined {
    return this.#hashes.get(n) ?? this.upstreamHash?.(n)
  }

  /** Block `n` of the canonical chain when it is in memory, without a storage read. */
  cachedBlock(n: bigint): StoredBlock | undefined {
    if (n < 0n || n > this.headNumber) return undefined
    // Fork detection reads ancestors up to ~450 blocks back: the older ones stay in `#older`.
    return this.#blocks.get(n) ?? this.#older.get(n)
  }

  async blockByNumber(n: bigint): Promise<StoredBlock | undefined> {
    if (n < 0n || n > this.headNumber) return undefined
    const cached = this.#blocks.get(n)
    if (cached) return cached
    const older = this.#older.get(n)
    if (older) {
      // Most recently read last: the first entry is the one to evict.
      this.#older.delete(n)
      this.#older.set(n, older)
      return older
    }
    const raw = await this.#kv.get(keys.block(n))
    if (!raw) return undefined
    const block = decodeBlockRecord(raw)
    // A commit or revert may have happened while reading: cache only what is still canonical.
    if (n <= this.headNumber && !this.#blocks.has(n)) {
      // After a restart BLOCKHASH finds the recent hashes once these blocks have been read.
      if (n + BigInt(RECENT_HASHES) > this.headNumber) this.#hashes.set(n, block.hash)
      this.#older.set(n, block)
      if (this.#older.size > OLDER_BLOCKS) this.#older.delete(this.#older.keys().next().value as bigint)
    }
    return block
  }

  async blockNumberOfHash(hash: Uint8Array): Promise<bigint | undefined> {
    const hex = bytesToUnprefixedHex(hash)
    if (this.head.hashHex === hex) return this.headNumber
    const raw = await this.#kv.get(keys.blockHash(hex))
    if (!raw) return undefined
    const n = BigInt(bytesToHex(raw))
    return n <= this.headNumber ? n : undefined
  }

  async blockByHash(hash: Uint8Array): Promise<StoredBlock | undefined> {
    const n = await this.blockNumberOfHash(hash)
    return n === undefined ? undefined : this.blockByNumber(n)
  }

  async transactionLocation(hash: Uint8Array): Promise<TransactionLocation | undefined> {
    const recent = this.#recentLocation(hash)
    if (recent) return recent
    const hex = bytesToUnprefixedHex(hash)
    const raw = await this.#kv.get(keys.transaction(hex))
    if (!raw || raw.length < 4) return undefined
    const location = decodeLocation(raw)
    return location.blockNumber <= this.headNumber ? location : undefined
  }

  /**
   * A transaction of the recent blocks, found by comparing hashes: a few dozen blocks of a few
   * transactions each, and no index to keep (a map from hash to location, with an insert and a
   * delete per transaction, was rehashed in the old generation like the blocks' map had been).
   * Newest first, from the head down: the receipt a client asks for is almost always in the block
   * just mined.
   */
  #recentLocation(hash: Uint8Array): TransactionLocation | undefined {
    const head = this.headNumber
    for (let back = 0; back < this.#blocks.capacity && head - BigInt(back) >= 0n; back++) {
      const blockNumber = head - BigInt(back)
      const block = this.#blocks.get(blockNumber)
      if (!block) continue
      const index = block.transactions.findIndex((tx) => equalBytes(tx.hash, hash))
      if (index >= 0) return { blockNumber, index }
    }
    return undefined
  }

  async bloom(n: bigint): Promise<Uint8Array | undefined> {
    if (n < 0n || n > this.headNumber) return undefined
    const cached = this.#blooms.get(Number(n)) ?? this.#blocks.get(n)?.header.logsBloom
    if (cached) return cached
    if (this.#kv.getSync) {
      // A store read at once: just this bloom (a query entering sections reads their blocks with
      // logs, not runs of blocks).
      const stored = this.#kv.getSync(keys.block(n))
      if (!stored) return undefined
      const bloom = unpackedBloom(packedBloomOfBlockRecord(stored))
      this.#blooms.set(Number(n), bloom)
      return bloom
    }
    // Fetch a run of blocks in one scan: log queries walk ranges. The header holds the bloom.
    const end = n === this.#bloomRunEnd ? n + BLOOM_RUN : n + BLOOM_JUMP - (n % BLOOM_JUMP)
    this.#bloomRunEnd = end
    const rows = await this.#kv.range({ gte: keys.block(n), lt: keys.block(end) })
    for (const [key, value] of rows)
      this.#blooms.set(
        Number.parseInt(key.slice(keys.blockPrefix.length), 16),
        unpackedBloom(packedBloomOfBlockRecord(value)),
      )
    return this.#blooms.get(Number(n))
  }

  /** `bloom(n)` when it is in memory (no storage read, no promise), else undefined. */
  cachedBloom(n: bigint): Uint8Array | undefined {
    if (n < 0n || n > this.headNumber) return undefined
    return this.#blooms.get(Number(n)) ?? this.#blocks.get(n)?.header.logsBloom
  }

  /** `logs(n)` when the block or its log view is in memory, else undefined. */
  cachedLogs(n: bigint): LogView[] | undefined {
    const recent = this.#blocks.get(n)
    return recent ? blockLogs(recent) : this.#logViews.get(Number(n))
  }

  /**
   * `sectionBloom` when the section is built and known to be canonical, or stored and readable
   * without waiting (the memory store), else undefined.
   */
  cachedSectionBloom(start: bigint, size: bigint): LogSection | undefined {
    // A kept record is canonical and complete: reverts, resets and loads empty the cache.
    const stored = this.#storedSections.get(sectionCacheKey(start, size))
    if (stored) return stored
    const built = this.#sections.cachedSectionBloom(start, size)
    if (built || start + size - 1n > this.headNumber) return built
    return this.#readSectionSync(start, size)
  }

  /**
   * The section as the chain stored it (logSectionRecords.ts), if it did. What is read is kept
   * (decoded, by a number: a query over a million blocks checks ~10,000 sections, and copying each
   * out of the store and decoding it again was most of a warm query). A store that reads
   * asynchronously is read 16 sections at a time (those of the enclosing coarser section, which a
   * query walks in order): a query over 10,000 blocks that matches everywhere checks ~700
   * sections, and a storage read each was most of its time.
   */
  async storedSection(start: bigint, size: bigint): Promise<LogSection | undefined> {
    const known = this.#storedSections.get(sectionCacheKey(start, size))
    if (known) return known
    if (this.#kv.getSync) return this.#readSectionSync(start, size)
    const generation = this.#generation
    const group = start - (start % (size * 16n))
    const rows = await this.#kv.range({
      gte: keys.logSection(size, group),
      lt: keys.logSection(size, group + size * 16n),
    })
    if (generation !== this.#generation) return undefined
    const prefix = keys.logSection(size, 0n).length - 12
    for (const [rowKey, value] of rows) {
      const rowStart = BigInt(`0x${rowKey.slice(prefix)}`)
      this.#storedSections.set(sectionCacheKey(rowStart, size), decodeLogSection(value))
    }
    return this.#storedSections.get(sectionCacheKey(start, size))
  }

  #readSectionSync(start: bigint, size: bigint): LogSection | undefined {
    const stored = this.#kv.getSync?.(keys.logSection(size, start))
    if (!stored) return undefined
    const section = decodeLogSection(stored)
    this.#storedSections.set(sectionCacheKey(start, size), section)
    return section
  }

  /** The union of the blooms of the `size` blocks from `start` (see BloomSectionIndex). */
  sectionBloom(start: bigint, size: bigint): Promise<LogSection | undefined> {
    return this.#sections.sectionBloom(start, size)
  }

  /** The canonical hash of block `n`, without decoding the block again on later queries. */
  async #sectionEndHash(n: bigint): Promise<Uint8Array | undefined> {
    const known = this.#hashes.get(n) ?? this.#sectionEnds.get(n)
    if (known) return known
    const block = await this.blockByNumber(n)
    if (!block) return undefined
    // Only while still canonical (a revert may have happened during the read).
    if (n <= this.headNumber && this.#older.get(n) === block) {
      this.#sectionEnds.set(n, block.hash)
      if (this.#sectionEnds.size > SECTION_ENDS)
        this.#sectionEnds.delete(this.#sectionEnds.keys().next().value as bigint)
    }
    return block.hash
  }

  /** Every log of a block with its block-wide index (RSKj: logIndex counts across the block). */
  async logs(n: bigint): Promise<LogView[]> {
    const recent = this.#blocks.get(n)
    if (recent) return blockLogs(recent)
    const cached = this.#logViews.get(Number(n))
    if (cached) return cached
    const older = this.#older.get(n)
    if (older) return blockLogs(older)
    if (n < 0n || n > this.headNumber) return []
    // Only the log fields are read out of the record: decoding whole blocks made the first query
    // over an uncached range ~10x slower, and filled the older-block cache with blocks nobody asked for.
    const generation = this.#generation
    const raw = await this.#kv.get(keys.block(n))
    if (!raw) return []
    const views = decodeBlockLogViews(raw, n)
    if (generation === this.#generation && n <= this.headNumber) {
      this.#logViews.set(Number(n), views)
      if (this.#logViews.size > LOG_VIEWS) this.#logViews.delete(this.#logViews.keys().next().value as number)
    }
    return views
  }
}

/**
 * A section's key in the reader's cache: its start (a multiple of 16) plus the index of its size,
 * so sections of different sizes that start at the same block do not collide. A number, not the
 * record's key: a string built and hashed per lookup cost more than the lookup.
 */
function sectionCacheKey(start: bigint, size: bigint): number {
  return Number(start) + (size === 16n ? 0 : size === 256n ? 1 : size === 4096n ? 2 : 3)
}

/** Log views of a block, built once per cached block: log queries and receipts read them often. */
const logsOfBlock = objectMemo<StoredBlock, LogView[]>('blockLogs')

export function blockLogs(block: StoredBlock): LogView[] {
  const cached = logsOfBlock.get(block)
  if (cached) return cached
  const out: LogView[] = []
  let logIndex = 0
  block.receipts.forEach((receipt, transactionIndex) => {
    const tx = block.transactions[transactionIndex]!
    for (const log of receipt.logs) {
      out.push({
        logIndex: logIndex++,
        blockNumber: block.header.number,
        blockHash: block.hash,
        transactionHash: tx.hash,
        transactionIndex,
        address: log.address,
        data: log.data,
        topics: log.topics,
      })
    }
  })
  logsOfBlock.set(block, out)
  return out
}

export function encodeLocation(location: TransactionLocation): Uint8Array {
  return hexToBytes(
    location.blockNumber.toString(16).padStart(12, '0') + location.index.toString(16).padStart(8, '0'),
  )
}

function decodeLocation(raw: Uint8Array): TransactionLocation {
  const hex = bytesToUnprefixedHex(raw)
  return { blockNumber: BigInt(`0x${hex.slice(0, 12)}`), index: Number.parseInt(hex.slice(12), 16) }
}
