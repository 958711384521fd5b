/**
 * Blocks, transactions and receipts wherever they are: stored here, or — on a forked chain, at or
 * below the fork block — the upstream's (`ForkHistory`, fetched once and kept). The fork block
 * itself is shown as the upstream has it, with its transactions; the local record of it (the
 * anchor the chain continues from) stays internal.
 */
import type { ForkHistory, UpstreamJson } from '../../fork/forkHistory.js'
import { bytesToHex } from '../../util/hex.js'
import type { StoredBlock } from './blockRecord.js'
import { blockView, minedTransactionView, receiptView } from './blockViews.js'
import type { Engine } from './engine.js'
import { resolveBlock } from './queries.js'
import type { BlockRef } from './requests.js'
import { upstreamBlockView, upstreamReceiptView, upstreamTransactionView } from './upstreamViews.js'
import type { BlockView, ReceiptView, TransactionView } from './views.js'

/** A mined block: one of this chain's, or one of the upstream's a fork continues. */
export type ChainBlock = { kind: 'local'; block: StoredBlock } | { kind: 'upstream'; block: UpstreamJson }

/** The block `ref` names (not `pending`, which callers answer from the pool), or undefined. */
export async function findBlock(engine: Engine, ref: BlockRef): Promise<ChainBlock | undefined> {
  const fork = engine.fork
  if (fork) {
    const n = await upstreamNumberOf(engine, fork.history, ref)
    if (n !== undefined) {
      const block = await fork.history.block(n)
      return block && { kind: 'upstream', block }
    }
  }
  const block = await resolveBlock(engine, ref)
  return block && { kind: 'local', block }
}

/**
 * The number of the upstream block `ref` names when it is at or below the fork block (`latest`
 * on a fork that has mined nothing yet is the fork block); undefined for the chain's own blocks.
 */
export async function upstreamNumberOf(
  engine: Engine,
  history: ForkHistory,
  ref: BlockRef,
): Promise<bigint | undefined> {
  const forkBlock = history.forkBlock
  switch (ref.kind) {
    case 'number':
      return ref.number <= forkBlock ? ref.number : undefined
    case 'tag':
      if (ref.tag === 'earliest') return 0n
      return ref.tag === 'latest' && engine.head.header.number === forkBlock ? forkBlock : undefined
    case 'hash': {
      const local = await engine.reader.blockNumberOfHash(ref.hash)
      if (local !== undefined) return local <= forkBlock ? local : undefined
      return history.blockNumberOfHash(ref.hash)
    }
  }
}

export function chainBlockView(found: ChainBlock, fullTransactions: boolean): BlockView {
  return found.kind === 'local'
    ? blockView(found.block, fullTransactions)
    : upstreamBlockView(found.block, fullTransactions)
}

export function transactionCountOf(found: ChainBlock): number {
  return found.kind === 'local'
    ? found.block.transactions.length
    : chainBlockView(found, false).transactions.length
}

export function uncleCountOf(found: ChainBlock): number {
  return found.kind === 'local' ? found.block.header.uncleCount : chainBlockView(found, false).uncles.length
}

/** Transaction `index` of a mined block, or undefined past its transactions. */
export function transactionAt(found: ChainBlock, index: number): TransactionView | undefined {
  if (found.kind === 'local')
    return index < found.block.transactions.length ? minedTransactionView(found.block, index) : undefined
  return (chainBlockView(found, true).transactions as TransactionView[])[index]
}

/** A mined transaction: this chain's, else the upstream's at or below the fork block. */
export async function findMinedTransaction(
  engine: Engine,
  hash: Uint8Array,
): Promise<TransactionView | undefined> {
  const location = await engine.reader.transactionLocation(hash)
  if (location) {
    const block = await engine.reader.blockByNumber(location.blockNumber)
    if (block) return minedTransactionView(block, location.index)
  }
  const upstream = await upstreamHistory(engine, hash)?.transaction(hash)
  return upstream && upstreamTransactionView(upstream)
}

/** The receipt of a mined transaction: this chain's, else the upstream's at or below the fork block. */
export async function findReceipt(engine: Engine, hash: Uint8Array): Promise<ReceiptView | undefined> {
  const location = await engine.reader.transactionLocation(hash)
  if (location) {
    const block = await engine.reader.blockByNumber(location.blockNumber)
    return block && receiptView(block, location.index)
  }
  const upstream = await upstreamHistory(engine, hash)?.receipt(hash)
  return upstream && upstreamReceiptView(upstream)
}

/**
 * The fork's history, unless the transaction is in this node's pool: a wallet polling for the
 * receipt of a transaction waiting to be mined must not ask the upstream every time.
 */
export function upstreamHistory(engine: Engine, hash: Uint8Array): ForkHistory | undefined {
  if (!engine.fork) return undefined
  return engine.pool.get(bytesToHex(hash)) ? undefined : engine.fork.history
}

/**
 * Uncle `index` of a mined block: this node mines none; an upstream block's uncles are the
 * upstream's (as its `eth_getUncleByBlockHashAndIndex` answers them).
 */
export async function uncleAt(
  engine: Engine,
  found: ChainBlock,
  index: number,
): Promise<BlockView | undefined> {
  if (found.kind === 'local' || !engine.fork) return undefined
  const view = chainBlockView(found, false)
  if (index >= view.uncles.length || !view.hash) return undefined
  const uncle = await engine.fork.history.uncle(view.hash, index)
  return uncle && upstreamBlockView(uncle, false)
}
