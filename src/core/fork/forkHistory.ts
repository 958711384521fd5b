/**
 * The upstream's chain at or below the fork block: its blocks, transactions, receipts, logs, and
 * the state reads at older blocks a user asks for. Each answer is fetched once and kept as the
 * upstream's JSON in the node's own store (`fork:<chain id>:<fork block>:…`), so a restart asks
 * the upstream nothing it answered before and an unreachable upstream only matters for what was
 * never asked. Everything below the fork block is immutable, so "not there" is kept too (a
 * transaction mined upstream after the fork block is, for this chain, not there).
 *
 * Answers stay raw JSON here; the node decodes them into its views (`node/engine/upstreamViews.ts`).
 */
import type { KeyValueStore } from '../storage/types.js'
import { keccak256 } from '../trie/keccak.js'
import { type Address, bytesToUnprefixedHex } from '../util/hex.js'
import type { UpstreamClient } from './upstreamClient.js'

export type UpstreamJson = Record<string, unknown>

/** The upstream's `eth_getLogs` filter object, as sent. */
export interface UpstreamLogFilter {
  fromBlock: bigint
  toBlock: bigint
  address: Address[]
  topics: Array<string[] | null>
}

/** Decoded blocks kept in memory: log queries and receipts of one block read it again and again. */
const BLOCKS_IN_MEMORY = 64

const quantity = (n: bigint) => `0x${n.toString(16)}`
const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class ForkHistory {
  readonly #kv: KeyValueStore
  readonly #client: UpstreamClient
  readonly #prefix: string
  readonly forkBlock: bigint
  readonly #blocks = new Map<bigint, UpstreamJson>()

  constructor(kv: KeyValueStore, client: UpstreamClient, prefix: string, forkBlock: bigint) {
    this.#kv = kv
    this.#client = client
    this.#prefix = prefix
    this.forkBlock = forkBlock
  }

  /** Block `n` with its transactions, or undefined above the fork block or when the upstream has none. */
  async block(n: bigint): Promise<UpstreamJson | undefined> {
    if (n < 0n || n > this.forkBlock) return undefined
    const remembered = this.#blocks.get(n)
    if (remembered) return remembered
    const block = (await this.#cached(blockKey(n), async () => {
      const found = await this.#client.call('eth_getBlockByNumber', [quantity(n), true])
      return isObject(found) ? found : null
    })) as UpstreamJson | null
    if (!block) return undefined
    this.#blocks.set(n, block)
    if (this.#blocks.size > BLOCKS_IN_MEMORY) this.#blocks.delete(this.#blocks.keys().next().value as bigint)
    return block
  }

  /** Keeps a block fetched elsewhere (the fork block, fetched when the fork starts). */
  async remember(block: UpstreamJson): Promise<void> {
    const n = BigInt(String(block.number))
    await this.#kv.batch([
      { type: 'put', key: this.#key(blockKey(n)), value: json(block) },
      { type: 'put', key: this.#key(`bh:${hashKey(block.hash)}`), value: json(quantity(n)) },
    ])
  }

  /** The number of the upstream block `hash` names, when it is at or below the fork block. */
  async blockNumberOfHash(hash: Uint8Array): Promise<bigint | undefined> {
    const number = await this.#cached(`bh:${bytesToUnprefixedHex(hash)}`, async () => {
      const found = await this.#client.call('eth_getBlockByHash', [`0x${bytesToUnprefixedHex(hash)}`, true])
      const number = isObject(found) ? this.#atOrBelowFork(found.number) : null
      // The block itself comes with the answer: kept, so reading it next asks nothing more.
      if (isObject(found) && number) await this.#kv.put(this.#key(blockKey(BigInt(number))), json(found))
      return number
    })
    return typeof number === 'string' ? BigInt(number) : undefined
  }

  /** A transaction mined upstream at or below the fork block. */
  async transaction(hash: Uint8Array): Promise<UpstreamJson | undefined> {
    const tx = await this.#cached(`t:${bytesToUnprefixedHex(hash)}`, async () => {
      const found = await this.#client.call('eth_getTransactionByHash', [`0x${bytesToUnprefixedHex(hash)}`])
      return isObject(found) && this.#atOrBelowFork(found.blockNumber) ? found : null
    })
    return (tx as UpstreamJson | null) ?? undefined
  }

  /** The receipt of a transaction mined upstream at or below the fork block. */
  async receipt(hash: Uint8Array): Promise<UpstreamJson | undefined> {
    const receipt = await this.#cached(`r:${bytesToUnprefixedHex(hash)}`, async () => {
      const found = await this.#client.call('eth_getTransactionReceipt', [`0x${bytesToUnprefixedHex(hash)}`])
      return isObject(found) && this.#atOrBelowFork(found.blockNumber) ? found : null
    })
    return (receipt as UpstreamJson | null) ?? undefined
  }

  /** Uncle `index` of upstream block `blockHash`, as the upstream answers it. */
  async uncle(blockHash: Uint8Array, index: number): Promise<UpstreamJson | undefined> {
    const hex = `0x${bytesToUnprefixedHex(blockHash)}`
    const uncle = await this.#cached(`u:${hex.slice(2)}:${index}`, async () => {
      const found = await this.#client.call('eth_getUncleByBlockHashAndIndex', [hex, quantity(BigInt(index))])
      return isObject(found) ? found : null
    })
    return (uncle as UpstreamJson | null) ?? undefined
  }

  /** The upstream's logs matching `filter`; its range must end at or below the fork block. */
  async logs(filter: UpstreamLogFilter): Promise<UpstreamJson[]> {
    if (filter.toBlock > this.forkBlock) throw new Error('upstream logs are asked for above the fork block')
    const params = {
      fromBlock: quantity(filter.fromBlock),
      toBlock: quantity(filter.toBlock),
      ...(filter.address.length > 0 ? { address: filter.address } : {}),
      ...(filter.topics.length > 0 ? { topics: filter.topics } : {}),
    }
    const logs = await this.#cached(`l:${digest(params)}`, async () => {
      const found = await this.#client.call('eth_getLogs', [params])
      if (!Array.isArray(found)) throw new Error(`the upstream's eth_getLogs answer is not a list`)
      return found
    })
    return logs as UpstreamJson[]
  }

  /**
   * A state read (`eth_getBalance`, `eth_call`…) at upstream block `block`, below the fork block:
   * the historical reads a user asks for. The answer at a past block never changes.
   */
  async stateRead(method: string, params: unknown[], block: bigint): Promise<unknown> {
    if (block >= this.forkBlock) throw new Error('upstream state reads are for blocks below the fork block')
    const all = [...params, quantity(block)]
    return this.#cached(`q:${method}:${digest(all)}`, () => this.#client.call(method, all))
  }

  #atOrBelowFork(number: unknown): string | null {
    if (typeof number !== 'string' || !/^0x[0-9a-fA-F]+$/.test(number)) return null
    return BigInt(number) <= this.forkBlock ? number : null
  }

  /** The stored answer under `key`, or `fetch`'s, stored (`null` stands for "not there"). */
  async #cached(key: string, fetch: () => Promise<unknown>): Promise<unknown> {
    const stored = await this.#kv.get(this.#key(key))
    if (stored) return JSON.parse(decoder.decode(stored))
    const answer = (await fetch()) ?? null
    await this.#kv.put(this.#key(key), json(answer))
    return answer
  }

  #key(key: string): string {
    return `${this.#prefix}${key}`
  }
}

function blockKey(n: bigint): string {
  return `b:${n.toString(16).padStart(12, '0')}`
}

/** A short key for a request's parameters (address lists and topics can be long). */
function digest(params: unknown): string {
  return bytesToUnprefixedHex(keccak256(json(params)))
}

function json(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value))
}

function hashKey(hash: unknown): string {
  return String(hash).replace(/^0x/, '').toLowerCase()
}

function isObject(value: unknown): value is UpstreamJson {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
