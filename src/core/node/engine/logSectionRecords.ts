/**
 * Bloom sections written with the chain: when a block completes a section of 16, 256, 4,096 or
 * 65,536 blocks, the union of the section's blooms is stored in the same batch as the block. A log
 * query over a million blocks with a filter that matches nothing then reads ~30 records instead of
 * a million blooms, after a restart as well as before, and no index of the chain is held in
 * memory.
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
import { LOG_SECTION_SIZES } from '../logQuery.js'
import { packBloom } from './blockCodec.js'
import { keys } from './keys.js'

const BLOOM_BYTES = 256
/** Finest first: each size completes only where the finer one before it does. */
const FINEST_FIRST = [...LOG_SECTION_SIZES].reverse()

export interface SectionParts {
  /** The canonical bloom of block `n` below the block being committed. */
  bloom(n: bigint): Promise<Uint8Array | undefined>
  /** The stored union of a section, or undefined when it has no record. */
  storedSection(start: bigint, size: bigint): Promise<Uint8Array | undefined>
}

/** The records of the sections that block `n` (with logs bloom `bloom`) completes. */
export async function logSectionWrites(
  n: bigint,
  bloom: Uint8Array,
  parts: SectionParts,
): Promise<KvOperation[]> {
  const ops: KvOperation[] = []
  let newest = bloom
  let partSize = 1n
  for (const size of FINEST_FIRST) {
    if ((n + 1n) % size !== 0n) break
    const start = n + 1n - size
    const union = new Uint8Array(BLOOM_BYTES)
    orInto(union, newest)
    for (let part = start; part < n + 1n - partSize; part += partSize) {
      const partBloom = partSize === 1n ? await parts.bloom(part) : await parts.storedSection(part, partSize)
      if (!partBloom) return ops
      orInto(union, partBloom)
    }
    ops.push({ type: 'put', key: keys.logSection(size, start), value: packBloom(union) })
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

function orInto(target: Uint8Array, bloom: Uint8Array): void {
  if (bloom.length === 0) return
  for (let i = 0; i < BLOOM_BYTES; i++) target[i]! |= bloom[i] as number
}
