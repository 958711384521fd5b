/**
 * The Bridge's Bitcoin light client (RSKj `BtcBlockChain` over `RepositoryBtcBlockStoreWithCache`):
 * headers linked to a known header, with valid proof of work at the simulated chain's fixed
 * regtest difficulty, each stored with its height and chain work; the best chain is the one with
 * the most work, indexed by height. It starts at the simulated chain's genesis (the checkpoint), so
 * nothing is written before the first header arrives.
 */
import { sha256d } from '../../../crypto/fastSha256.js'
import { bitcoinHeaderHash, decodeBitcoinHeader, decodeCompactBits } from '../../../mining/bitcoin/header.js'
import { bytesToBigint, equalBytes } from '../../../util/hex.js'
import type { BridgeConstants } from './constants.js'
import {
  type BridgeStorage,
  readBestHash,
  readHashAtHeight,
  readStoredHeader,
  type StoredHeader,
  writeBestHash,
  writeHashAtHeight,
  writeStoredHeader,
} from './storage.js'

/** The simulated Bitcoin chain mines every block at regtest's minimum difficulty. */
export const REGTEST_BITS = 0x207fffff
/** RSKj `BridgeSupport.BTC_TRANSACTION_CONFIRMATION_MAX_DEPTH`. */
export const CONFIRMATION_MAX_DEPTH = 4320

export type AddHeaderResult = 'added' | 'known' | 'orphan' | 'invalid'

/** Work of a block at `bits` (bitcoinj `getWork`: 2^256 / (target + 1)). */
export function blockWork(bits: number): bigint {
  return 2n ** 256n / (decodeCompactBits(bits) + 1n)
}

/** Whether an 80-byte header carries valid proof of work at regtest difficulty. */
export function hasValidWork(header: Uint8Array): boolean {
  const { bits } = decodeBitcoinHeader(header)
  // bitcoinj checks the difficulty against the previous block's (regtest never retargets).
  if (bits !== REGTEST_BITS) return false
  return bytesToBigint(bitcoinHeaderHash(header)) <= decodeCompactBits(bits)
}

export function bestHeader(storage: BridgeStorage): StoredHeader {
  const best = readStoredHeader(storage, readBestHash(storage))
  if (!best) throw new Error('the light client lost its best header')
  return best
}

export function bestHeight(storage: BridgeStorage): number {
  return bestHeader(storage).height
}

/**
 * The lowest height RSKj's `getStoredBlockAtMainChainHeight` looks a block up at (RSKIP199): below
 * the block index's activation height it searches only `maxDepthBelowBlockIndex` blocks deep.
 */
export function lowestSearchableHeight(
  best: number,
  constants: Pick<BridgeConstants, 'blockIndexHeight' | 'maxDepthBelowBlockIndex'>,
): number {
  return best - constants.blockIndexHeight > constants.maxDepthBelowBlockIndex
    ? constants.blockIndexHeight
    : best - constants.maxDepthBelowBlockIndex
}

/** The best chain's header at `height`, if the light client holds one. */
export function headerAtHeight(storage: BridgeStorage, height: number): StoredHeader | undefined {
  if (!Number.isSafeInteger(height)) return undefined
  const hash = readHashAtHeight(storage, height)
  return hash && readStoredHeader(storage, hash)
}

/** Adds one header (bitcoinj `BlockChain.add`): known headers and orphans change nothing. */
export function addHeader(storage: BridgeStorage, header: Uint8Array): AddHeaderResult {
  const hash = bitcoinHeaderHash(header)
  if (readStoredHeader(storage, hash)) return 'known'
  const previous = readStoredHeader(storage, decodeBitcoinHeader(header).previousBlockHash)
  if (!previous) return 'orphan'
  if (!hasValidWork(header)) return 'invalid'
  const bits = decodeBitcoinHeader(header).bits
  const stored: StoredHeader = {
    header: header.slice(),
    hash,
    height: previous.height + 1,
    chainWork: previous.chainWork + blockWork(bits),
  }
  writeStoredHeader(storage, stored)
  const best = bestHeader(storage)
  if (stored.chainWork > best.chainWork) setBest(storage, stored, best)
  return 'added'
}

/** Makes `tip` the best chain: rewrites the height index down to the fork point. */
function setBest(storage: BridgeStorage, tip: StoredHeader, oldBest: StoredHeader): void {
  writeBestHash(storage, tip.hash)
  for (let h = tip.height + 1; h <= oldBest.height; h++) writeHashAtHeight(storage, h, undefined)
  let cursor: StoredHeader | undefined = tip
  while (cursor) {
    const indexed = readHashAtHeight(storage, cursor.height)
    if (indexed && equalBytes(indexed, cursor.hash)) break
    writeHashAtHeight(storage, cursor.height, cursor.hash)
    cursor = readStoredHeader(storage, decodeBitcoinHeader(cursor.header).previousBlockHash)
  }
}

/**
 * Applies a merkle branch (RSKj `MerkleBranch.reduceFrom`): bit i of `path` set means the node is
 * the right child at level i. Hashes are in display order, combined in internal order.
 */
export function reduceMerkleBranch(
  txid: Uint8Array,
  hashes: readonly Uint8Array[],
  path: number,
): Uint8Array {
  const combine = (left: Uint8Array, right: Uint8Array) => {
    const data = new Uint8Array(64)
    data.set(left.slice().reverse(), 0)
    data.set(right.slice().reverse(), 32)
    return sha256d(data).reverse()
  }
  let current = txid
  hashes.forEach((hash, i) => {
    current = (path >> i) & 1 ? combine(hash, current) : combine(current, hash)
  })
  return current
}
