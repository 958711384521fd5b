/**
 * `MinerServerImpl.processSolution`: what happens to a parsed `mnr_submit*` after parsing, in
 * RSKj's order — rate limit, template lookup, proof building, sealing, `ProofOfWorkRule`, import.
 * The chain supplies the block-specific steps as callbacks, so this stays free of chain types.
 */
import { verifyMergedMining } from '../verify/verifyMergedMining'
import type { VerifyMergedMiningReturnType } from '../verify/verifyTypes'
import { SubmitBlockError } from './errors'
import { buildSubmittedBlockInfo, type ImportResult, type SubmittedBlockInfo } from './minerWork'
import {
  mergedMiningFieldsFromSubmission,
  type ParsedMergedMiningSubmission,
  type SubmittedMergedMiningFields,
} from './submitParams'

/** What the checker and the error texts need to know about a sealed block. */
export type SealedBlockSummary = {
  /** The RSK block hash after the merged-mining fields are set. */
  hash: Uint8Array
  hashForMergedMining: Uint8Array
  number: bigint
  difficulty: bigint
}

export type ProcessMergedMiningSolutionParameters<TBlock> = {
  submission: ParsedMergedMiningSubmission
  /** The template whose hashForMergedMining matches (RSKj keeps the last 20), or undefined. */
  findTemplate: (hashForMergedMining: Uint8Array) => TBlock | undefined
  /** A copy of the template carrying the three fields (`cloneBlockForModification` + setters + `seal`). */
  sealWithFields: (template: TBlock, fields: SubmittedMergedMiningFields) => TBlock
  describe: (block: TBlock) => SealedBlockSummary
  /** Imports a block that passed the checker (`ethereum.addNewMinedBlock`). */
  importBlock: (block: TBlock) => ImportResult
  /** `SubmissionRateLimitHandler`; absent means no limit (RSKj's default). */
  isSubmissionAllowed?: () => boolean
}

export type ProcessMergedMiningSolutionReturnType<TBlock> = {
  info: SubmittedBlockInfo
  block: TBlock
  verification: VerifyMergedMiningReturnType
}

/**
 * Runs a submission to the end. Throws {@link SubmitBlockError} (-33000) for RSKj's refusals and
 * `MnrInternalError` (-32603) when the hash list of a known template cannot be decoded.
 */
export function processMergedMiningSolution<TBlock>({
  submission,
  findTemplate,
  sealWithFields,
  describe,
  importBlock,
  isSubmissionAllowed = () => true,
}: ProcessMergedMiningSolutionParameters<TBlock>): ProcessMergedMiningSolutionReturnType<TBlock> {
  if (!isSubmissionAllowed()) throw SubmitBlockError.rateLimited()
  const template = findTemplate(submission.hashForMergedMining)
  if (template === undefined) throw SubmitBlockError.notInCache(submission.hashForMergedMining)
  const fields = mergedMiningFieldsFromSubmission(submission)
  const block = sealWithFields(template, fields)
  const summary = describe(block)
  const verification = verifyMergedMining({
    hashForMergedMining: summary.hashForMergedMining,
    difficulty: summary.difficulty,
    ...fields,
  })
  if (!verification.valid) {
    throw SubmitBlockError.invalidBlock(summary.hash, summary.hashForMergedMining, summary.number)
  }
  const result = importBlock(block)
  return { info: buildSubmittedBlockInfo(result, summary.hash, summary.number), block, verification }
}
