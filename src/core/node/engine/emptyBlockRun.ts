/**
 * Runs of empty blocks (`hardhat_mine` / `anvil_mine` of many blocks with nothing to include):
 * every block is built, sealed and merged-mined exactly as the one-block path does it, but the
 * run is committed in batches of many blocks. An empty block changes no state (REMASC moves
 * nothing here), so the state is committed once per batch, and one storage write carries hundreds
 * of blocks: the per-block cost is what sealing costs, not what a write costs.
 *
 * The head moves only once the batch is written: until then the run builds on its own last block
 * (`UnstoredParent`), and the next block's fork detection data reads the Bitcoin headers of
 * ancestors sealed in the same batch from the run. A failed write leaves the chain at its head.
 */
import type { KvOperation } from '../../storage/types.js'
import type { LogSection } from '../logQuery.js'
import { type BuildBlockParameters, type ExecutedBlock, executeBlock, sealBlock } from './blockBuilder.js'
import { locateState, type StoredBlock } from './blockRecord.js'
import type { ChainReader } from './chainReader.js'
import { keys } from './keys.js'
import { decodeLogSection, logSectionWrites, type SectionParts } from './logSectionRecords.js'

/** Blocks per storage batch: ~450 KB of records, a few hundred milliseconds of sealing. */
export const EMPTY_RUN_BATCH = 512

/** The parent of a block built on blocks sealed but not yet written. */
export interface UnstoredParent {
  parent: StoredBlock
  parentBitcoinHash: Uint8Array
  /** A block of the run by number (fork detection reads ancestors up to 448 blocks back). */
  unstored: (n: bigint) => StoredBlock | undefined
}

export interface EmptyRunHost {
  readonly reader: ChainReader
  parentBitcoinHash: Uint8Array
  /** The next block's parameters (consumes a pinned timestamp, as mining does). */
  nextBlockParameters(consumeTimestamp: boolean, onto: UnstoredParent): Promise<BuildBlockParameters>
  /** Commits pending state changes (a balance set by a dev method) and gives the root. */
  commitState(): Promise<{ stateRoot: Uint8Array; stateAt: number; writes: KvOperation[] }>
  blockWrites(block: StoredBlock): KvOperation[]
  batch(ops: KvOperation[]): Promise<void>
  /** After a failed write: the state as stored. */
  reloadState(): Promise<void>
  /** Tells listeners about a committed block. */
  announce(block: StoredBlock): void
}

export interface MineEmptyRunParameters {
  count: number
  /** Runs before each block is built, with its parent (a run with an interval pins its timestamp). */
  beforeBlock?: (parent: StoredBlock) => void
}

/**
 * Mines `count` empty blocks on the head in one atomic batch. The caller holds the engine's mutex
 * and has checked that the pool has nothing pending.
 */
export async function mineEmptyRun(host: EmptyRunHost, p: MineEmptyRunParameters): Promise<void> {
  const { reader } = host
  const sealed = new Map<bigint, StoredBlock>()
  const onto: UnstoredParent = {
    parent: reader.head,
    parentBitcoinHash: host.parentBitcoinHash,
    unstored: (n) => sealed.get(n),
  }
  const sections = new RunSections(reader, sealed)
  try {
    const committed = await host.commitState()
    const ops: KvOperation[] = [...committed.writes]
    for (let i = 0; i < p.count; i++) {
      p.beforeBlock?.(onto.parent)
      const params = await host.nextBlockParameters(true, onto)
      const { block, bitcoinHash } = sealBlock(params, emptyBlockOf(params), committed.stateRoot)
      locateState(block, committed.stateAt)
      ops.push(...host.blockWrites(block))
      const { number, logsBloom } = block.header
      sealed.set(number, block)
      for (const op of await logSectionWrites(number, logsBloom, sections)) {
        sections.wrote(op)
        ops.push(op)
      }
      onto.parent = block
      onto.parentBitcoinHash = bitcoinHash
    }
    await host.batch(ops)
  } catch (error) {
    await host.reloadState()
    throw error
  }
  for (const block of sealed.values()) reader.remember(block)
  reader.head = onto.parent
  host.parentBitcoinHash = onto.parentBitcoinHash
  for (const block of sealed.values()) host.announce(block)
}

/** A block with nothing but its REMASC transaction (when the chain has one). */
function emptyBlockOf(params: BuildBlockParameters): ExecutedBlock {
  const executed = executeBlock(params)
  if (executed.diff.size > 0) throw new Error('an empty block changed state')
  return executed
}

/** The blooms and section records a run has sealed but not yet stored, over the reader's. */
class RunSections implements SectionParts {
  readonly #written = new Map<string, Uint8Array>()
  readonly #reader: ChainReader
  readonly #sealed: ReadonlyMap<bigint, StoredBlock>

  constructor(reader: ChainReader, sealed: ReadonlyMap<bigint, StoredBlock>) {
    this.#reader = reader
    this.#sealed = sealed
  }

  wrote(op: KvOperation): void {
    if (op.type === 'put') this.#written.set(op.key, op.value)
  }

  bloom(n: bigint): Promise<Uint8Array | undefined> {
    const block = this.#sealed.get(n)
    return block ? Promise.resolve(block.header.logsBloom) : this.#reader.bloom(n)
  }

  async storedSection(start: bigint, size: bigint): Promise<LogSection | undefined> {
    const written = this.#written.get(keys.logSection(size, start))
    if (written) return decodeLogSection(written)
    return this.#reader.storedSection(start, size)
  }
}
