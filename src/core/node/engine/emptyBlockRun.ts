/**
 * Runs of empty blocks (`hardhat_mine` / `anvil_mine` of many blocks with nothing to include):
 * every block is built, sealed and merged-mined exactly as the one-block path does it, but the
 * run is committed in batches of many blocks. An empty block changes no state (REMASC moves
 * nothing here), so the state is committed once per batch, and one storage write carries hundreds
 * of blocks: the per-block cost is what sealing costs, not what a write costs.
 *
 * The blocks are put in the reader's caches as they are sealed (the next block's fork detection
 * data reads its ancestors' Bitcoin headers from there) and the batch is written before anything
 * is told about them. A failed write takes the caches and the head back to where the run began.
 */
import type { KvOperation } from '../../storage/types.js'
import type { LogSection } from '../logQuery.js'
import { type BuildBlockParameters, type ExecutedBlock, executeBlock, sealBlock } from './blockBuilder.js'
import type { StoredBlock } from './blockRecord.js'
import type { ChainReader } from './chainReader.js'
import { keys } from './keys.js'
import { decodeLogSection, logSectionWrites, type SectionParts } from './logSectionRecords.js'

/** Blocks per storage batch: ~600 KB of records, a few hundred milliseconds of sealing. */
export const EMPTY_RUN_BATCH = 512

export interface EmptyRunHost {
  readonly reader: ChainReader
  parentBitcoinHash: Uint8Array
  /** The next block's parameters (consumes a pinned timestamp, as mining does). */
  nextBlockParameters(
    consumeTimestamp: boolean,
    unstored: (n: bigint) => StoredBlock | undefined,
  ): Promise<BuildBlockParameters>
  /** Commits pending state changes (a balance set by a dev method) and gives the root. */
  commitState(): Promise<{ stateRoot: Uint8Array; writes: KvOperation[] }>
  blockWrites(block: StoredBlock): KvOperation[]
  batch(ops: KvOperation[]): Promise<void>
  /** After a failed write: the state as stored. */
  reloadState(): Promise<void>
  /** Tells listeners about a committed block. */
  announce(block: StoredBlock): void
}

export interface MineEmptyRunParameters {
  count: number
  /** Sets the timestamp of each block before it is built (a run with an interval); none: the clock's. */
  beforeBlock?: () => void
}

/**
 * Mines `count` empty blocks on the head in one atomic batch. The caller holds the engine's mutex
 * and has checked that the pool has nothing pending.
 */
export async function mineEmptyRun(host: EmptyRunHost, p: MineEmptyRunParameters): Promise<void> {
  const { reader } = host
  const start = { head: reader.head, bitcoinHash: host.parentBitcoinHash }
  const sealed = new Map<bigint, StoredBlock>()
  const unstored = (n: bigint) => sealed.get(n)
  const sections = new RunSections(reader)
  try {
    const committed = await host.commitState()
    const ops: KvOperation[] = [...committed.writes]
    for (let i = 0; i < p.count; i++) {
      p.beforeBlock?.()
      const params = await host.nextBlockParameters(true, unstored)
      const executed = emptyBlockOf(params)
      const { block, bitcoinHash } = sealBlock(params, executed, committed.stateRoot)
      ops.push(...host.blockWrites(block))
      const { number, logsBloom } = block.header
      for (const op of await logSectionWrites(number, logsBloom, sections)) {
        sections.wrote(op)
        ops.push(op)
      }
      reader.head = block
      reader.remember(block)
      host.parentBitcoinHash = bitcoinHash
      sealed.set(number, block)
    }
    await host.batch(ops)
  } catch (error) {
    reader.forgetAbove(start.head.header.number)
    reader.head = start.head
    host.parentBitcoinHash = start.bitcoinHash
    await host.reloadState()
    throw error
  }
  for (const block of sealed.values()) host.announce(block)
}

/** A block with nothing but its REMASC transaction (when the chain has one). */
function emptyBlockOf(params: BuildBlockParameters): ExecutedBlock {
  const executed = executeBlock({ ...params, candidates: [] })
  if (executed.diff.size > 0) throw new Error('an empty block changed state')
  return executed
}

/** The section records a run has written but not yet stored, over the reader's. */
class RunSections implements SectionParts {
  readonly #written = new Map<string, Uint8Array>()
  readonly #reader: ChainReader

  constructor(reader: ChainReader) {
    this.#reader = reader
  }

  wrote(op: KvOperation): void {
    if (op.type === 'put') this.#written.set(op.key, op.value)
  }

  bloom(n: bigint): Promise<Uint8Array | undefined> {
    return this.#reader.bloom(n)
  }

  async storedSection(start: bigint, size: bigint): Promise<LogSection | undefined> {
    const written = this.#written.get(keys.logSection(size, start))
    if (written) return decodeLogSection(written)
    return this.#reader.storedSection(start, size)
  }
}
