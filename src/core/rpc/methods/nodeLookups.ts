/**
 * Block lookups shared by the `*ByBlockNumber*` node methods. RSKj answers `pending` from the
 * pool's pending transactions (`Web3InformationRetriever.getTransactions`), which this node
 * mirrors; a pending block has no uncles. On a fork, blocks at or below the fork block are the
 * upstream's.
 */

import { type ChainBlock, findBlock } from '../../node/engine/upstreamBlocks.js'
import type { ChainEngine } from '../../node/engineApi.js'
import type { BlockSpecifier } from '../blockParams.js'
import { InvalidRequestError } from '../errors/rpc.js'

/** A mined block (this chain's or the upstream's), the pending one, or nothing above the head. */
export type NumberedBlock = { kind: 'mined'; block: ChainBlock } | { kind: 'pending' } | undefined

export async function blockAt(engine: ChainEngine, ref: BlockSpecifier): Promise<NumberedBlock> {
  if (ref.kind === 'tag' && ref.tag === 'pending') return { kind: 'pending' }
  const block = await findBlock(engine, ref)
  return block ? { kind: 'mined', block } : undefined
}

/** RSKj's -32600 `Block <identifier> not found` for a block number or tag. */
export function blockNotFound(ref: BlockSpecifier): InvalidRequestError {
  const id = ref.kind === 'number' ? `0x${ref.number.toString(16)}` : ref.tag
  return new InvalidRequestError(`Block ${id} not found`)
}
