/**
 * The last 4000 blocks in memory for the block header contract: the EVM runs synchronously, the
 * chain's storage does not. Fed by the engine's events; on open the older blocks are read in the
 * background (newest first), so a just-opened node answers recent depths at once and deep ones
 * as soon as they are loaded.
 *
 * Only the fields the contract reads are kept, copied out of the block (`PackedHeaderFields`):
 * whole blocks (their transactions, receipts and every header field) would make 4000 of them most
 * of the node's heap.
 */
import type { StoredBlock } from '../engine/blockRecord.js'
import type { Engine } from '../engine/engine.js'
import { HeightRing } from '../engine/heightRing.js'
import { BLOCK_HEADER_MAX_DEPTH, type HeaderContractFields, type RecentBlockSource } from './blockHeader.js'

export class RecentBlocks implements RecentBlockSource {
  /** The 4,000 blocks below a call's block, whether it runs in the next block or at the head. */
  readonly #blocks = new HeightRing<PackedHeaderFields>(Number(BLOCK_HEADER_MAX_DEPTH) + 1)
  #generation = 0

  blockByNumber(number: bigint): HeaderContractFields | undefined {
    return this.#blocks.get(number)?.unpack()
  }

  get size(): number {
    return this.#blocks.size
  }

  /** Follows `engine` from now on and starts loading the blocks below its head; returns the loading. */
  attach(engine: Engine): { detach: () => void; loaded: Promise<void> } {
    const detach = engine.on((event) => {
      if (event.type === 'block') this.#add(event.block)
      else if (event.type === 'removedBlocks')
        for (const b of event.blocks) this.#blocks.delete(b.header.number)
      else if (event.type === 'reset') {
        this.#blocks.clear()
        void this.#load(engine).catch(() => undefined)
      }
    })
    this.#add(engine.head)
    return { detach, loaded: this.#load(engine).catch(() => undefined) }
  }

  #add(block: StoredBlock): void {
    const n = block.header.number
    // Blocks arrive one height at a time: each takes the slot of the one that leaves the window.
    this.#blocks.set(n, new PackedHeaderFields(block))
  }

  async #load(engine: Engine): Promise<void> {
    const generation = ++this.#generation
    const head = engine.head.header.number
    const lowest = head > BLOCK_HEADER_MAX_DEPTH ? head - BLOCK_HEADER_MAX_DEPTH : 0n
    for (let n = head; n >= lowest; n--) {
      if (generation !== this.#generation) return
      if (this.#blocks.has(n)) continue
      const block = await engine.reader.blockByNumber(n)
      // A block mined or removed meanwhile is already right in the map (events are synchronous).
      if (block && generation === this.#generation && n <= engine.head.header.number && !this.#blocks.has(n))
        this.#blocks.set(n, new PackedHeaderFields(block))
    }
  }
}

const HASH_BYTES = 32

/**
 * One block's fields for the contract, its byte fields copied into one buffer (hash, Bitcoin
 * header, coinbase transaction): a block read from storage does not keep its whole record alive,
 * and each of the 4000 blocks costs one typed array rather than three. The views are made when the
 * contract reads a block, which is rare. Numbers and the coinbase are kept by reference.
 */
class PackedHeaderFields {
  readonly #bytes: Uint8Array
  readonly #bitcoinHeaderEnd: number
  readonly #header: Pick<
    StoredBlock['header'],
    'coinbase' | 'minimumGasPrice' | 'gasLimit' | 'gasUsed' | 'difficulty'
  >

  constructor(block: StoredBlock) {
    const h = block.header
    const bitcoinHeader = h.bitcoinMergedMiningHeader
    const coinbaseTransaction = h.bitcoinMergedMiningCoinbaseTransaction
    this.#bitcoinHeaderEnd = HASH_BYTES + bitcoinHeader.length
    const bytes = new Uint8Array(this.#bitcoinHeaderEnd + coinbaseTransaction.length)
    bytes.set(block.hash, 0)
    bytes.set(bitcoinHeader, HASH_BYTES)
    bytes.set(coinbaseTransaction, this.#bitcoinHeaderEnd)
    this.#bytes = bytes
    this.#header = {
      coinbase: h.coinbase,
      minimumGasPrice: h.minimumGasPrice,
      gasLimit: h.gasLimit,
      gasUsed: h.gasUsed,
      difficulty: h.difficulty,
    }
  }

  unpack(): HeaderContractFields {
    const bytes = this.#bytes
    return {
      hash: bytes.subarray(0, HASH_BYTES),
      header: {
        ...this.#header,
        bitcoinMergedMiningHeader: bytes.subarray(HASH_BYTES, this.#bitcoinHeaderEnd),
        bitcoinMergedMiningCoinbaseTransaction: bytes.subarray(this.#bitcoinHeaderEnd),
      },
    }
  }
}
