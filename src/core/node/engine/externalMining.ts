/**
 * External merged mining (RSKj `MinerServerImpl`): block templates for `mnr_getWork` and
 * `eth_getWork`, and the import of what miners send back (`mnr_submit*`, `eth_submitWork`).
 *
 * A template is the next block executed on the head with its header complete except the three
 * merged-mining fields. Templates are built on demand (when work is asked for), rebuilt when the
 * head, the state or the pending transactions changed, and the last 20 are kept keyed by
 * hashForMergedMining. A submission fills the fields, passes the same validation as the built-in
 * miner's blocks (`sealWithMergedMiningFields`) and is committed by the engine's one commit path.
 *
 * This node keeps a single chain, so only templates built on the current head and state can be
 * imported: an older cached template is answered as "not in the cache", where RSKj would store a
 * sibling block (IMPORTED_NOT_BEST) that could never become best here.
 */
import { type BlockHeader, blockHash } from '../../chain/header.js'
import { bitcoinHeaderHash } from '../../mining/bitcoin/header.js'
import { buildMergedMiningTemplate, type MergedMiningTemplate } from '../../mining/miner.js'
import { SubmitBlockError } from '../../mining/work/errors.js'
import {
  applyWorkNonce,
  buildEthGetWorkResult,
  type EthGetWorkReturnType,
} from '../../mining/work/getWork.js'
import {
  buildMinerWork,
  buildSubmittedBlockInfo,
  feesWarrantNotify,
  type MinerWork,
  type SubmittedBlockInfo,
} from '../../mining/work/minerWork.js'
import {
  mergedMiningFieldsFromSubmission,
  type ParsedMergedMiningSubmission,
} from '../../mining/work/submitParams.js'
import { MergedMiningWorkCache } from '../../mining/work/workCache.js'
import { WorldState } from '../../state/worldState.js'
import { bytesToHex, equalBytes } from '../../util/hex.js'
import {
  type BuildBlockParameters,
  bitcoinHeaderTime,
  type ExecutedBlock,
  type MergedMiningFields,
  sealWithMergedMiningFields,
  unsealedHeader,
} from './blockBuilder.js'
import { type StoredBlock, stateOf } from './blockRecord.js'
import type { Engine } from './engine.js'
import { InvalidMergedMiningError } from './mergedMiningValidation.js'

export interface BlockTemplate {
  parameters: BuildBlockParameters
  executed: ExecutedBlock
  /** Complete but for the merged-mining fields. */
  header: BlockHeader
  hashForMergedMining: Uint8Array
  /** The state root the template executed on; it is importable only while the state is still there. */
  baseStateRoot: Uint8Array
  /** The simulated Bitcoin block `eth_getWork` miners grind (nonce 0). */
  bitcoin: MergedMiningTemplate
  /** Head, state and pending transactions it was built from: a different key means rebuild. */
  sourceKey: string
}

export type SubmitMergedMiningReturnType = { info: SubmittedBlockInfo; block: StoredBlock }

export class ExternalMining {
  readonly #engine: Engine
  readonly #cache = new MergedMiningWorkCache<BlockTemplate>()
  #current: BlockTemplate | undefined
  #notifiedParent: Uint8Array | undefined
  #notifiedFees = 0n

  constructor(engine: Engine) {
    this.#engine = engine
  }

  /** `mnr_getWork`: the current template's work; `notify` is true once per new parent or fee jump. */
  getWork(): Promise<MinerWork> {
    return this.#engine.mutex.run(async () => {
      await this.#refresh()
      return this.#cache.takeWork() as MinerWork
    })
  }

  /** `eth_getWork`: [hashForMergedMining, previous Bitcoin header hash, target]. */
  ethGetWork(): Promise<EthGetWorkReturnType> {
    return this.#engine.mutex.run(async () => {
      const template = await this.#refresh()
      return buildEthGetWorkResult(template.bitcoin, template.hashForMergedMining)
    })
  }

  /** The template a submission names, if it can still be imported on the head. */
  findTemplate(hashForMergedMining: Uint8Array): BlockTemplate | undefined {
    const template = this.#cache.find(hashForMergedMining)
    if (!template || template.sourceKey.split('/')[0] !== this.#engine.head.hashHex) return undefined
    return equalBytes(template.baseStateRoot, this.#engine.state.stateRoot) ? template : undefined
  }

  /**
   * `mnr_submit*` after parsing, in RSKj's order: template lookup (-33000 not in the cache),
   * proof building (-32603 for undecodable hashes), validation (-33000 invalid block), import.
   */
  submitBitcoinBlock(submission: ParsedMergedMiningSubmission): Promise<SubmitMergedMiningReturnType> {
    return this.#engine.mutex.run(async () => {
      const template = this.findTemplate(submission.hashForMergedMining)
      if (!template) throw SubmitBlockError.notInCache(submission.hashForMergedMining)
      const fields = mergedMiningFieldsFromSubmission(submission)
      let block: StoredBlock
      try {
        block = sealWithMergedMiningFields(template.parameters, template.executed, template, fields)
      } catch (error) {
        if (!(error instanceof InvalidMergedMiningError)) throw error
        const refused = { ...template.header, ...fields }
        throw SubmitBlockError.invalidBlock(
          blockHash(refused),
          template.hashForMergedMining,
          template.header.number,
        )
      }
      await this.#commit(template, block, fields)
      return { info: buildSubmittedBlockInfo('IMPORTED_BEST', block.hash, block.header.number), block }
    })
  }

  /**
   * `eth_submitWork`: the nonce goes into the template's Bitcoin header; true when the block meets
   * the target and was imported, false for an unknown (or stale) template or too little work.
   * Throws `WorkNonceError` (-32602) for a nonce that does not fit.
   */
  submitWork(nonce: Uint8Array, hashForMergedMining: Uint8Array): Promise<boolean> {
    return this.#engine.mutex.run(async () => {
      const template = this.findTemplate(hashForMergedMining)
      if (!template) return false
      const fields = applyWorkNonce(template.bitcoin, nonce)
      let block: StoredBlock
      try {
        block = sealWithMergedMiningFields(template.parameters, template.executed, template, fields)
      } catch (error) {
        if (error instanceof InvalidMergedMiningError) return false
        throw error
      }
      await this.#commit(template, block, fields)
      return true
    })
  }

  async #commit(template: BlockTemplate, block: StoredBlock, fields: MergedMiningFields): Promise<void> {
    const engine = this.#engine
    // A pinned next-block timestamp was used by this block: it is spent now, as when mining.
    engine.time.nextBlockTimestamp(template.parameters.parent.header.timestamp)
    await engine.commitBlock(template.executed, (stateRoot) => {
      if (!equalBytes(stateRoot, template.header.stateRoot))
        throw new Error('the state moved since the template was built; ask for new work')
      return { block, bitcoinHash: bitcoinHeaderHash(fields.bitcoinMergedMiningHeader) }
    })
  }

  /** Rebuilds the template when its sources changed, publishing new work; returns the current one. */
  async #refresh(): Promise<BlockTemplate> {
    const engine = this.#engine
    const sourceKey = [
      engine.head.hashHex,
      bytesToHex(engine.state.stateRoot),
      ...engine.pool.pending().map((p) => p.hash),
    ].join('/')
    if (this.#current?.sourceKey === sourceKey) return this.#current
    const template = await buildBlockTemplate(engine, sourceKey)
    const parent = template.parameters.parent.hash
    const fees = template.executed.paidFees
    const newParent = !this.#notifiedParent || !equalBytes(this.#notifiedParent, parent)
    const notify = newParent || feesWarrantNotify(this.#notifiedFees, fees)
    if (notify) {
      this.#notifiedParent = parent
      this.#notifiedFees = fees
    }
    const work = buildMinerWork({
      hashForMergedMining: template.hashForMergedMining,
      difficulty: template.header.difficulty,
      feesPaidToMiner: fees,
      notify,
      parentBlockHash: parent,
    })
    this.#cache.publish(template.hashForMergedMining, template, work)
    this.#current = template
    return template
  }
}

/**
 * Executes the next block on the head and computes its state root on a scratch state (reading the
 * live trie node cache, adding to its own), so the live state and storage stay untouched until a
 * miner delivers.
 */
export async function buildBlockTemplate(engine: Engine, sourceKey: string): Promise<BlockTemplate> {
  const parameters = await engine.nextBlockParameters(false)
  const executed = await engine.execute(parameters)
  const scratch = await WorldState.load(engine.kv, {
    // Its nodes are never written: kept apart, so the live state never takes them for stored ones.
    nodes: engine.state.nodes.scratch(),
    fallback: engine.fork,
    headState: stateOf(engine.head),
  })
  scratch.applyDiff(executed.diff)
  const { stateRoot } = await scratch.commit()
  const { header, hashForMergedMining } = unsealedHeader(parameters, executed, stateRoot)
  const bitcoin = buildMergedMiningTemplate({
    hashForMergedMining,
    difficulty: header.difficulty,
    previousBitcoinHeaderHash: parameters.parentBitcoinHash,
    timestamp: bitcoinHeaderTime(parameters.timestamp),
    seed: hashForMergedMining,
    fillers: parameters.mergedMiningFillers,
  })
  return {
    parameters,
    executed,
    header,
    hashForMergedMining,
    baseStateRoot: engine.state.stateRoot,
    bitcoin,
    sourceKey,
  }
}

const instances = new WeakMap<Engine, ExternalMining>()

/** The external-mining server of an engine (one per engine, created on first use). */
export function externalMiningOf(engine: Engine): ExternalMining {
  let mining = instances.get(engine)
  if (!mining) {
    mining = new ExternalMining(engine)
    instances.set(engine, mining)
  }
  return mining
}
