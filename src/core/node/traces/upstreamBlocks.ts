/**
 * The blocks and transactions a trace replays, wherever they are: this chain's, or — on a fork, at
 * or below the fork block — the upstream's, replayed on the upstream's state at their parent
 * (`ForkState.stateAt`), fetched as the replay touches it and kept like the rest of the fork's
 * cache.
 */
import type { StoredBlock } from '../engine/blockRecord.js'
import type { Engine } from '../engine/engine.js'
import type { BlockRef } from '../engine/requests.js'
import { findBlock, upstreamHistory } from '../engine/upstreamBlocks.js'
import { upstreamStoredBlock } from '../engine/upstreamStoredBlock.js'
import { upstreamTransactionView } from '../engine/upstreamViews.js'

/** The block `ref` names, to trace: this chain's, or the upstream's at or below the fork block. */
export async function blockToTrace(engine: Engine, ref: BlockRef): Promise<StoredBlock | undefined> {
  const found = await findBlock(engine, ref)
  if (!found) return undefined
  return found.kind === 'local' ? found.block : upstreamStoredBlock(found.block)
}

/** The block and position of a mined transaction, to trace: this chain's, else the upstream's. */
export async function transactionToTrace(
  engine: Engine,
  hash: Uint8Array,
): Promise<{ block: StoredBlock; index: number } | undefined> {
  const location = await engine.reader.transactionLocation(hash)
  if (location) {
    const block = await engine.reader.blockByNumber(location.blockNumber)
    return block && { block, index: location.index }
  }
  // A transaction waiting in the pool is never looked up upstream.
  const history = upstreamHistory(engine, hash)
  const json = await history?.transaction(hash)
  if (!history || !json) return undefined
  const tx = upstreamTransactionView(json)
  if (tx.blockNumber === null || tx.transactionIndex === null) return undefined
  const block = await history.block(tx.blockNumber)
  return block && { block: upstreamStoredBlock(block), index: tx.transactionIndex }
}
