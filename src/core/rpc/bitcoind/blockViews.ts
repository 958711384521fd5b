/** bitcoind's JSON of blocks and headers: `getblock` (verbosity 0 to 3) and `getblockheader`. */
import type { StoredBtcBlock } from '../../bitcoin/chain/types.js'
import { decodeCompactBits, encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
import { serializeTransaction, txidOfSerialized } from '../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'
import {
  type BtcChainView,
  prevoutsOf,
  type TransactionJson,
  transactionJson,
  transactionSizes,
} from './transactionViews.js'

const hex = bytesToUnprefixedHex

/** Proof-of-work of one block of these bits: 2^256 / (target + 1), as Bitcoin Core's `GetBlockProof`. */
export function blockWork(bits: number): bigint {
  const target = decodeCompactBits(bits)
  return (1n << 256n) / (target + 1n)
}

/** bitcoind's `difficulty`: the regtest limit's target over this block's. */
export function difficulty(bits: number): number {
  let shift = (bits >>> 24) & 0xff
  let value = 0x0000ffff / (bits & 0x00ffffff)
  for (; shift < 29; shift++) value *= 256
  for (; shift > 29; shift--) value /= 256
  return value
}

/** Median time of the 11 blocks ending at `height` (fewer near genesis), as BIP113 computes it. */
export function medianTime(chain: BtcChainView, height: number): number {
  const times: number[] = []
  for (let h = height; h > height - 11; h--) {
    const block = chain.blockByHeight(h)
    if (!block) break
    times.push(block.block.header.time)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? 0
}

/**
 * Chain work up to and including the block at `height`. Every block of the simulated chain is at
 * regtest difficulty, and its history below the first simulated block is counted as if it were too,
 * so the work is the same whatever the network's starting height.
 */
export function chainWorkHex(height: number, bits: number): string {
  return (blockWork(bits) * BigInt(height + 1)).toString(16).padStart(64, '0')
}

export interface BlockHeaderJson {
  hash: string
  confirmations: number
  height: number
  version: number
  versionHex: string
  merkleroot: string
  time: number
  mediantime: number
  nonce: number
  bits: string
  difficulty: number
  chainwork: string
  nTx: number
  previousblockhash?: string
  nextblockhash?: string
}

/** `getblockheader` verbose (and the first members of `getblock`). */
export function blockHeaderJson(chain: BtcChainView, stored: StoredBtcBlock): BlockHeaderJson {
  const { header } = stored.block
  const best = chain.bestHeight()
  const json: BlockHeaderJson = {
    hash: hex(stored.hash),
    confirmations: best - stored.height + 1,
    height: stored.height,
    version: header.version,
    versionHex: (header.version >>> 0).toString(16).padStart(8, '0'),
    merkleroot: hex(header.merkleRoot),
    time: header.time,
    mediantime: medianTime(chain, stored.height),
    nonce: header.nonce >>> 0,
    bits: (header.bits >>> 0).toString(16).padStart(8, '0'),
    difficulty: difficulty(header.bits),
    chainwork: chainWorkHex(stored.height, header.bits),
    nTx: stored.block.transactions.length,
  }
  // The first simulated block has no parent in this chain, as genesis has none in Bitcoin Core.
  if (chain.blockByHeight(stored.height - 1) !== undefined)
    json.previousblockhash = hex(header.previousBlockHash)
  const next = stored.height < best ? chain.blockByHeight(stored.height + 1) : undefined
  if (next) json.nextblockhash = hex(next.hash)
  return json
}

/** `getblockheader` with verbose false: the 80 serialized bytes. */
export function blockHeaderHex(stored: StoredBtcBlock): string {
  return hex(encodeBitcoinHeader(stored.block.header))
}

/** `getblock` verbosity 0: the serialized block. */
export function blockHex(stored: StoredBtcBlock): string {
  return hex(stored.raw)
}

export type BlockJson = BlockHeaderJson & {
  strippedsize: number
  size: number
  weight: number
  tx: Array<string | TransactionJson>
}

function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9
}

/**
 * `getblock` verbosity 1 (txids), 2 (decoded transactions with hex and fees) or 3 (and each input's
 * spent output).
 */
export function blockJson(chain: BtcChainView, stored: StoredBtcBlock, verbosity: 1 | 2 | 3): BlockJson {
  const txs = stored.block.transactions
  const countSize = 80 + varIntSize(txs.length)
  let size = countSize
  let stripped = countSize
  for (const tx of txs) {
    const sizes = transactionSizes(tx)
    size += sizes.size
    stripped += sizes.stripped
  }
  return {
    ...blockHeaderJson(chain, stored),
    strippedsize: stripped,
    size,
    weight: stripped * 3 + size,
    tx: txs.map((tx) =>
      verbosity === 1
        ? hex(txidOfSerialized(serializeTransaction(tx)))
        : transactionJson(tx, chain.params, {
            hex: true,
            prevouts: prevoutsOf(chain, tx),
            showPrevouts: verbosity === 3,
          }),
    ),
  }
}
