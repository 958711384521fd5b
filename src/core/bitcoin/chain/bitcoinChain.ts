/**
 * The simulated Bitcoin chain: one linear chain of blocks with valid proof of work at regtest
 * difficulty, its UTXO set indexed by output script, a mempool validated like bitcoind's, mining on
 * demand and merkleblock proofs. All state is in the {@link BtcStore}, read on every call: two
 * instances over the same store see the same chain, and a restart loses nothing.
 */
import { parseBitcoinBlock } from '../../mining/bitcoin/block.js'
import { encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
import { serializeTransactionForBlock, transactionId } from '../../mining/bitcoin/transaction.js'
import type { NetworkName } from '../../network/networks.js'
import { bytesToHex, equalBytes, utf8ToBytes } from '../../util/hex.js'
import { BTC_PARAMS, type BtcParams } from '../params.js'
import { buildPartialMerkleTree, encodeMerkleBlock } from '../partialMerkleTree.js'
import { nullDataScript } from '../script.js'
import { acceptToMempool, confirmedUtxo } from './accept.js'
import { BTC_GENESIS_HEIGHT } from './genesis.js'
import { genesisOverlay } from './genesisOverlay.js'
import {
  blockKey,
  decodeLocation,
  decodeOutpoints,
  decodeTip,
  heightKey,
  scriptKey,
  TIP_KEY,
  type Tip,
  txKey,
} from './layout.js'
import { mempoolTxids, mempoolView, outpointId } from './mempool.js'
import { mineBlock } from './miner.js'
import type { BtcStore } from './store.js'
import {
  BtcRejectError,
  type BtcTransactionInfo,
  RPC_INVALID_ADDRESS_OR_KEY,
  RPC_INVALID_PARAMETER,
  type StoredBtcBlock,
  type Utxo,
} from './types.js'

/**
 * Where coinbases go when no payout script is given: an OP_RETURN, so the reward is burnt. Mining
 * never changes a dev account's balance, and blocks mined for the RSK chain's sake store no UTXO
 * (an ever-growing index of one script would be rewritten with every block).
 */
export const DEFAULT_PAYOUT_SCRIPT = nullDataScript(utf8ToBytes('rsk-devnode: no miner'))

/** Seconds between blocks mined without a given time (Bitcoin's target spacing). */
const BLOCK_SPACING = 600

export interface UtxoQuery {
  /** Apply the mempool: outputs it spends are gone, its own outputs are listed (height MEMPOOL_HEIGHT). */
  mempool?: boolean
}

export class BitcoinChain {
  /**
   * The chain's store seen through the genesis (writes store the genesis first). Others may keep
   * their own keys here (outside the `btc:` prefix) to share the chain's persistence.
   */
  readonly store: BtcStore

  constructor(
    store: BtcStore,
    readonly network: NetworkName,
  ) {
    this.store = genesisOverlay(store, network)
  }

  get params(): BtcParams {
    return BTC_PARAMS[this.network]
  }

  get genesisHeight(): number {
    return BTC_GENESIS_HEIGHT[this.network]
  }

  private tip(): Tip {
    const bytes = this.store.get(TIP_KEY)
    if (!bytes) throw new Error('the Bitcoin chain has no tip')
    return decodeTip(bytes)
  }

  bestHeight(): number {
    return this.tip().height
  }

  bestHash(): Uint8Array {
    return this.tip().hash
  }

  blockByHash(hash: Uint8Array): StoredBtcBlock | undefined {
    const bytes = this.store.get(blockKey(hash))
    if (!bytes) return undefined
    const height = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true)
    const raw = bytes.slice(4)
    return { block: parseBitcoinBlock(raw), hash, height, raw }
  }

  blockByHeight(height: number): StoredBtcBlock | undefined {
    const hash = this.hashAt(height)
    return hash && this.blockByHash(hash)
  }

  /** The 80-byte header of the block at `height`, read without the rest of the block. */
  headerAt(height: number): Uint8Array | undefined {
    const hash = this.hashAt(height)
    if (!hash) return undefined
    const key = blockKey(hash)
    // A stored block is its height (4 bytes) then the block, which starts with its header.
    const prefix = this.store.getPrefix?.(key, 84) ?? this.store.get(key)?.slice(0, 84)
    return prefix && prefix.length === 84 ? prefix.slice(4) : undefined
  }

  /** The hash of the block at `height`, or undefined above the tip or below the genesis. */
  hashAt(height: number): Uint8Array | undefined {
    if (!Number.isSafeInteger(height) || height < 0) return undefined
    return this.store.get(heightKey(height))
  }

  headerByHash(hash: Uint8Array): { header: Uint8Array; height: number } | undefined {
    const bytes = this.store.get(blockKey(hash))
    if (!bytes) return undefined
    const height = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true)
    return { header: bytes.slice(4, 84), height }
  }

  /** A mined or mempool transaction. */
  transaction(txid: Uint8Array): BtcTransactionInfo | undefined {
    const location = this.store.get(txKey(txid))
    if (location) {
      const { height, index } = decodeLocation(location)
      const stored = this.blockByHeight(height)
      const tx = stored?.block.transactions[index]
      if (!stored || !tx) throw new Error('a mined transaction is missing from its block')
      return { tx, raw: serializeTransactionForBlock(tx), blockHash: stored.hash, height, index }
    }
    const entry = mempoolView(this.store).entries.find((e) => equalBytes(e.txid, txid))
    return entry && { tx: entry.tx, raw: entry.raw }
  }

  utxo(txid: Uint8Array, index: number, query: UtxoQuery = {}): Utxo | undefined {
    if (!query.mempool) return confirmedUtxo(this.store, txid, index)
    const view = mempoolView(this.store)
    const id = outpointId(txid, index)
    if (view.spentBy.has(id)) return undefined
    return view.outputs.get(id) ?? confirmedUtxo(this.store, txid, index)
  }

  /** The unspent outputs paying exactly `script`, oldest first. */
  /** The confirmed outpoints paying `script`, from its index alone (no output is read). */
  outpointsOf(script: Uint8Array): { txid: Uint8Array; index: number }[] {
    return decodeOutpoints(this.store.get(scriptKey(script)))
  }

  utxosOf(script: Uint8Array, query: UtxoQuery = {}): Utxo[] {
    const confirmed = decodeOutpoints(this.store.get(scriptKey(script))).flatMap(({ txid, index }) => {
      const utxo = confirmedUtxo(this.store, txid, index)
      return utxo ? [utxo] : []
    })
    if (!query.mempool) return confirmed
    const view = mempoolView(this.store)
    const unspent = confirmed.filter((utxo) => !view.spentBy.has(outpointId(utxo.txid, utxo.index)))
    const pending = [...view.outputs.values()].filter(
      (utxo) => equalBytes(utxo.scriptPubKey, script) && !view.spentBy.has(outpointId(utxo.txid, utxo.index)),
    )
    return [...unspent, ...pending]
  }

  balanceOf(script: Uint8Array, query: UtxoQuery = {}): bigint {
    return this.utxosOf(script, query).reduce((sum, utxo) => sum + utxo.value, 0n)
  }

  /** Txids in the mempool, in arrival order. */
  mempool(): Uint8Array[] {
    return mempoolTxids(this.store)
  }

  /** Validates a raw transaction like bitcoind's `sendrawtransaction` and adds it to the mempool. */
  submit(raw: Uint8Array): Uint8Array {
    const tip = this.tip()
    return acceptToMempool(
      this.store,
      { genesisHeight: this.genesisHeight, nextHeight: tip.height + 1, tipTime: this.timeOf(tip.hash) },
      raw,
    )
  }

  /**
   * Mines `count` blocks, the first taking the mempool. Each block's time is `time` (or its
   * parent's + 600 s when not given), and always after its parent's.
   */
  mine(count: number, payoutScript: Uint8Array = DEFAULT_PAYOUT_SCRIPT, time?: number): StoredBtcBlock[] {
    if (!Number.isSafeInteger(count) || count < 0)
      throw new BtcRejectError(RPC_INVALID_PARAMETER, `Invalid block count: ${count}`)
    if (time !== undefined && !(Number.isSafeInteger(time) && time >= 0 && time <= 0xffffffff))
      throw new BtcRejectError(RPC_INVALID_PARAMETER, `Invalid block time: ${time}`)
    const mined: StoredBtcBlock[] = []
    for (let i = 0; i < count; i++) {
      const tip = this.tip()
      const tipTime = this.timeOf(tip.hash)
      mined.push(
        mineBlock(this.store, {
          tip,
          tipTime,
          genesisHeight: this.genesisHeight,
          payoutScript,
          time: time ?? tipTime + BLOCK_SPACING,
        }),
      )
    }
    return mined
  }

  /**
   * A merkleblock (header + partial merkle tree) proving `txids` are in one block, as bitcoind's
   * `gettxoutproof` returns it; the block is the first txid's when not given.
   */
  proof(txids: Uint8Array[], blockHash?: Uint8Array): Uint8Array {
    const first = txids[0]
    if (!first) throw new BtcRejectError(RPC_INVALID_PARAMETER, 'Parameter txids must not be empty')
    const distinct = new Set(txids.map(bytesToHex))
    if (distinct.size !== txids.length) {
      const repeated = txids.find((id, i) => txids.findIndex((other) => equalBytes(other, id)) !== i)
      throw new BtcRejectError(
        RPC_INVALID_PARAMETER,
        `Invalid parameter, duplicated txid: ${bytesToHex(repeated!).slice(2)}`,
      )
    }
    let hash = blockHash
    if (!hash) {
      const location = this.store.get(txKey(first))
      if (!location) throw new BtcRejectError(RPC_INVALID_ADDRESS_OR_KEY, 'Transaction not yet in block')
      hash = this.hashAt(decodeLocation(location).height)
    }
    const stored = hash && this.blockByHash(hash)
    if (!stored) throw new BtcRejectError(RPC_INVALID_ADDRESS_OR_KEY, 'Block not found')
    const ids = stored.block.transactions.map(transactionId)
    const matches = ids.map((id) => txids.some((wanted) => equalBytes(wanted, id)))
    const found = txids.every((wanted) => ids.some((id) => equalBytes(id, wanted)))
    if (!found)
      throw new BtcRejectError(
        RPC_INVALID_ADDRESS_OR_KEY,
        'Not all transactions found in specified or retrieved block',
      )
    return encodeMerkleBlock(encodeBitcoinHeader(stored.block.header), buildPartialMerkleTree(ids, matches))
  }

  private timeOf(hash: Uint8Array): number {
    const header = this.headerByHash(hash)
    if (!header) throw new Error(`block ${bytesToHex(hash)} is missing from the store`)
    return new DataView(header.header.buffer, header.header.byteOffset).getUint32(68, true)
  }
}
