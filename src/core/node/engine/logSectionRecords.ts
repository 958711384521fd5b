/**
 * Bloom sections written with the chain: when a block completes a section of 16, 256, 4,096 or
 * 65,536 blocks, the union of the section's blooms, with which of its 16 parts have logs, is
 * stored in the same batch as the block. A log
 * query over a million blocks with a filter that matches nothing then reads ~30 records instead of
 * a million blooms, after a restart as well as before, and no index of the chain is held in
 * memory. A section that may match is entered through its parts with logs only, so a query for
 * logs spread thin over a long chain reads the blooms of blocks with logs, not of every block in
 * the sections it enters.
 *
 * Each union is built from the next finer level (the block blooms for 16), so a section costs 15
 * reads of records that were just written. When a part is missing (a chain written before these
 * records, or a fork whose blocks below the anchor are not local) nothing is written for that
 * section or the coarser ones it would complete; the query then builds what it needs in memory
 * (`BloomSectionIndex`), as before.
 *
 * A stored section is canonical for as long as its last block is: rewinding deletes the records of
 * the sections its removed blocks completed (`logSectionDeletes`), and loading or resetting a
 * chain replaces every key. So a record whose last block is at or below the head needs no check.
 */
import type { KvOperation } from '../../storage/types.js'
import { ALL_PARTS, LOG_SECTION_SIZES, type LogSection } from '../logQuery.js'
import { keys } from './keys.js'

const BLOOM_BYTES = 256
/** Finest first: each size completes only where the finer one before it does. */
const FINEST_FIRST = [...LOG_SECTION_SIZES].reverse()
const EMPTY = new Uint8Array(0)

/** A section without logs (stored as an empty record). Shared: never written to. */
export const NO_LOGS: LogSection = { bloom: new Uint8Array(BLOOM_BYTES), parts: 0 }

/**
 * A section's record: nothing when it has no logs (most sections of an interval-mined chain), else
 * its union bloom and two bytes that say which of its 16 parts have logs.
 */
export function encodeLogSection(section: LogSection): Uint8Array {
  if (section.parts === 0) return EMPTY
  const record = new Uint8Array(BLOOM_BYTES + 2)
  record.set(section.bloom)
  record[BLOOM_BYTES] = section.parts >> 8
  record[BLOOM_BYTES + 1] = section.parts & 0xff
  return record
}

/** A stored section record; one written before the parts were recorded (the bloom alone) may have logs in any part. */
export function decodeLogSection(record: Uint8Array): LogSection {
  if (record.length === 0) return NO_LOGS
  const parts =
    record.length === BLOOM_BYTES + 2
      ? ((record[BLOOM_BYTES] as number) << 8) | (record[BLOOM_BYTES + 1] as number)
      : ALL_PARTS
  return { bloom: record.subarray(0, BLOOM_BYTES), parts }
}

export interface SectionParts {
  /** The canonical bloom of block `n` below the block being committed. */
  bloom(n: bigint): Promise<Uint8Array | undefined>
  /** The stored section, or undefined when it has no record. */
  storedSection(start: bigint, size: bigint): Promise<LogSection | undefined>
}

/** The records of the sections that block `n` (with logs bloom `bloom`) completes. */
export async function logSectionWrites(
  n: bigint,
  bloom: Uint8Array,
  parts: SectionParts,
): Promise<KvOperation[]> {
  const ops: KvOperation[] = []
  // The section's last part: the block itself, then the section just completed.
  let newest = bloom
  let partSize = 1n
  for (const size of FINEST_FIRST) {
    if ((n + 1n) % size !== 0n) break
    const start = n + 1n - size
    const union = new Uint8Array(BLOOM_BYTES)
    let withLogs = 0
    for (let i = 0; i < 16; i++) {
      const part = start + BigInt(i) * partSize
      const partBloom =
        i === 15
          ? newest
          : partSize === 1n
            ? await parts.bloom(part)
            : (await parts.storedSection(part, partSize))?.bloom
      if (!partBloom) return ops
      if (orInto(union, partBloom)) withLogs |= 1 << i
    }
    ops.push({
      type: 'put',
      key: keys.logSection(size, start),
      value: encodeLogSection({ bloom: union, parts: withLogs }),
    })
    newest = union
    partSize = size
  }
  return ops
}

/** Deletes of the section records that block `n` completed (it is being removed). */
export function logSectionDeletes(n: bigint): KvOperation[] {
  const ops: KvOperation[] = []
  for (const size of FINEST_FIRST) {
    if ((n + 1n) % size !== 0n) break
    ops.push({ type: 'delete', key: keys.logSection(size, n + 1n - size) })
  }
  return ops
}

/** ORs `bloom` into `target`; whether it had any bit set. */
function orInto(target: Uint8Array, bloom: Uint8Array): boolean {
  let any = 0
  for (let i = 0; i < bloom.length; i++) {
    any |= bloom[i] as number
    target[i]! |= bloom[i] as number
  }
  return any !== 0
}
