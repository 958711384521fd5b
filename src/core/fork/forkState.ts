/**
 * The state of the upstream at the fork block, as far as this node has touched it: an in-memory
 * cache over records in the node's own store (`fork:<chain id>:<fork block>:…`), filled from the
 * upstream on first touch. The world state falls through to it for whatever is not local.
 *
 * The EVM reads synchronously and the upstream answers asynchronously, so a read of something not
 * cached either throws `MissingRemoteStateError` (the caller fetches what it names and runs again)
 * or, inside `runSpeculatively`, records the key, answers "absent" and lets the pure computation
 * finish, so that one rerun fetches everything the first pass reached in one batch.
 */
import { rlpDecodeList, rlpEncode } from '../chain/rlp.js'
import { KECCAK256_EMPTY } from '../crypto/hash.js'
import { StateNotReadyError } from '../evm/stateNotReady.js'
import type { AccountData } from '../evm/types.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { keccak256 } from '../trie/keccak.js'
import {
  type Address,
  bigintToBytes,
  bytesToBigint,
  bytesToUnprefixedHex,
  equalBytes,
  hexToBytes,
} from '../util/hex.js'
import { ForkError } from './errors.js'
import { ForkHistory } from './forkHistory.js'
import { headerOf, type RemoteBlockHeader, type UpstreamReads } from './upstreamReads.js'

export type RemoteStateKey =
  | { kind: 'account'; address: Address }
  | { kind: 'slot'; address: Address; slot: bigint }
  /** The hash of an upstream block below the fork block (BLOCKHASH reads the last 256). */
  | { kind: 'blockHash'; number: bigint }

export class MissingRemoteStateError extends StateNotReadyError {
  override name = 'MissingRemoteStateError'
  /** `source`: the state (the fork block's, or an older block's) the keys are fetched into. */
  constructor(
    readonly keys: RemoteStateKey[],
    readonly source?: ForkState,
  ) {
    super(`state at the fork block not fetched yet: ${keys.map(describeKey).join(', ')}`)
  }
}

/** Where the fork starts: what the cache is keyed by and node info reports. */
export interface ForkPoint {
  chainId: bigint
  blockNumber: bigint
  blockHash: Uint8Array
  /** The upstream's address, key redacted. */
  upstream: string
  /** The fork block's header as the upstream gave it: the local chain continues from it. */
  header: RemoteBlockHeader
}

export interface ForkProgress {
  upstreamRequests: number
  upstreamBatches: number
  accountsFetched: number
  slotsFetched: number
  cacheHits: number
}

interface CachedAccount extends AccountData {
  code: Uint8Array
}

const NO_CODE = new Uint8Array(0)
const MAX_RERUNS = 10_000
/** Older blocks' states kept open at once (each is a cache over its own records). */
const OLDER_STATES_KEPT = 8

/** Every fork cache record's key starts with this. */
export const FORK_CACHE_PREFIX = 'fork:'

export function forkCachePrefix(chainId: bigint, blockNumber: bigint): string {
  return `${FORK_CACHE_PREFIX}${chainId}:${blockNumber}:`
}

export class ForkState {
  readonly point: ForkPoint
  readonly #kv: KeyValueStore
  readonly #reads: UpstreamReads
  readonly #prefix: string
  /** `null`: the account does not exist upstream. */
  readonly #accounts = new Map<Address, CachedAccount | null>()
  readonly #slots = new Map<string, bigint>()
  readonly #codes = new Map<string, Uint8Array>()
  /** Hashes of upstream blocks below the fork block, by number. */
  readonly #blockHashes = new Map<bigint, Uint8Array>()
  /** Blocks, transactions, receipts and logs at or below the fork block. */
  readonly history: ForkHistory
  #fetchedAccounts = 0
  #fetchedSlots = 0
  #cacheHits = 0
  /** Set while a pure computation runs speculatively: misses are recorded here instead of thrown. */
  #misses: RemoteStateKey[] | undefined
  /** The upstream's state at older blocks (replays of upstream blocks), by block number. */
  readonly #older = new Map<bigint, Promise<ForkState>>()

  private constructor(point: ForkPoint, kv: KeyValueStore, reads: UpstreamReads, history?: ForkHistory) {
    this.point = point
    this.#kv = kv
    this.#reads = reads
    this.#prefix = forkCachePrefix(point.chainId, point.blockNumber)
    this.history = history ?? new ForkHistory(kv, reads.client, this.#prefix, point.blockNumber)
    this.#blockHashes.set(point.blockNumber, point.blockHash)
    if (point.blockNumber > 0n) this.#blockHashes.set(point.blockNumber - 1n, point.header.parentHash)
  }

  /** The fork's state with everything fetched before (by this node or a previous run) loaded. */
  static async open(point: ForkPoint, kv: KeyValueStore, reads: UpstreamReads): Promise<ForkState> {
    const state = new ForkState(point, kv, reads)
    await state.#loadRecords()
    return state
  }

  /** The state's own records only: the history's (blocks, logs…) are read when asked for. */
  async #loadRecords(): Promise<void> {
    for (const kind of STATE_RECORD_KINDS) {
      const prefix = `${this.#prefix}${kind}`
      const records = await this.#kv.range({ gte: prefix, lt: `${prefix}\uffff` })
      for (const [key, value] of records) this.#load(key.slice(this.#prefix.length), value)
    }
  }

  /**
   * The upstream's state at block `n` (at most the fork block), for replaying the upstream block
   * `n + 1`: read on first touch at that block and kept under `fork:<chain id>:<n>:`, as a fork at
   * block `n` would keep it; the history (blocks, BLOCKHASH) stays this fork's.
   */
  stateAt(n: bigint): Promise<ForkState> {
    if (n === this.point.blockNumber) return Promise.resolve(this)
    let state = this.#older.get(n)
    if (!state) {
      state = (async () => {
        const block = await this.history.block(n)
        if (!block || n > this.point.blockNumber)
          throw new ForkError(`fork upstream ${this.point.upstream} has no block ${n}`)
        const header = headerOf(block)
        const point: ForkPoint = { ...this.point, blockNumber: n, blockHash: header.hash, header }
        const older = new ForkState(point, this.#kv, this.#reads, this.history)
        await older.#loadRecords()
        return older
      })()
      state.catch(() => this.#older.delete(n))
      this.#older.set(n, state)
      if (this.#older.size > OLDER_STATES_KEPT) this.#older.delete(this.#older.keys().next().value as bigint)
    }
    return state
  }

  get progress(): ForkProgress {
    return {
      upstreamRequests: this.#reads.client.stats.requests,
      upstreamBatches: this.#reads.client.stats.batches,
      accountsFetched: this.#fetchedAccounts,
      slotsFetched: this.#fetchedSlots,
      cacheHits: this.#cacheHits,
    }
  }

  // ───────────── synchronous reads (the world state's fall-through) ─────────────

  getAccount(address: Address): AccountData | undefined {
    return this.#account(address) ?? undefined
  }

  getCode(address: Address): Uint8Array {
    return this.#account(address)?.code ?? NO_CODE
  }

  codeByHash(codeHash: Uint8Array): Uint8Array | undefined {
    return this.#codes.get(bytesToUnprefixedHex(codeHash))
  }

  /** A slot at the fork block. Accounts without code have no storage there: nothing is fetched. */
  getStorage(address: Address, slot: bigint): bigint {
    const account = this.#account(address)
    if (!account || account.code.length === 0) return 0n
    const value = this.#slots.get(slotId(address, slot))
    if (value !== undefined) {
      this.#cacheHits++
      return value
    }
    return this.#miss({ kind: 'slot', address, slot }, 0n)
  }

  /** The hash of upstream block `n` (below the fork block), for BLOCKHASH. */
  blockHash(n: bigint): Uint8Array | undefined {
    if (n < 0n || n > this.point.blockNumber) return undefined
    const hash = this.#blockHashes.get(n)
    if (hash) {
      this.#cacheHits++
      return hash
    }
    return this.#miss({ kind: 'blockHash', number: n }, undefined)
  }

  #account(address: Address): CachedAccount | null {
    const account = this.#accounts.get(address)
    if (account !== undefined) {
      this.#cacheHits++
      return account
    }
    return this.#miss({ kind: 'account', address }, null)
  }

  #miss<T>(key: RemoteStateKey, absent: T): T {
    if (!this.#misses) throw new MissingRemoteStateError([key], this)
    this.#misses.push(key)
    return absent
  }

  // ───────────── fetching ─────────────

  /** Fetches `keys` from the upstream at the fork block (one batch where they fit) and stores them. */
  async fetch(keys: readonly RemoteStateKey[]): Promise<void> {
    const accounts = new Set<Address>()
    const slots = new Map<string, { address: Address; slot: bigint }>()
    const blocks = new Set<bigint>()
    for (const key of keys) {
      if (key.kind === 'blockHash') {
        if (!this.#blockHashes.has(key.number)) blocks.add(key.number)
        continue
      }
      if (!this.#accounts.has(key.address)) accounts.add(key.address)
      if (key.kind === 'slot' && !this.#slots.has(slotId(key.address, key.slot)))
        slots.set(slotId(key.address, key.slot), key)
    }
    const block = this.point.blockNumber
    const [fetchedAccounts, fetchedSlots, fetchedHashes] = await Promise.all([
      Promise.all(
        [...accounts].map(async (address) => [address, await this.#reads.account(address, block)] as const),
      ),
      Promise.all(
        [...slots.values()].map(
          async ({ address, slot }) =>
            [address, slot, await this.#reads.storage(address, slot, block)] as const,
        ),
      ),
      Promise.all([...blocks].map(async (n) => [n, await this.#upstreamBlockHash(n)] as const)),
    ])
    const writes: KvOperation[] = []
    for (const [address, remote] of fetchedAccounts) {
      if (this.#accounts.has(address)) continue
      const value = rlpEncode([bigintToBytes(remote.nonce), bigintToBytes(remote.balance), remote.code])
      writes.push({ type: 'put', key: `${this.#prefix}a:${address.slice(2)}`, value })
      this.#load(`a:${address.slice(2)}`, value)
      this.#fetchedAccounts++
    }
    for (const [address, slot, value] of fetchedSlots) {
      const id = slotId(address, slot)
      if (this.#slots.has(id)) continue
      writes.push({ type: 'put', key: `${this.#prefix}s:${id}`, value: bigintToBytes(value) })
      this.#slots.set(id, value)
      this.#fetchedSlots++
    }
    for (const [n, hash] of fetchedHashes) {
      writes.push({ type: 'put', key: `${this.#prefix}h:${n.toString(16).padStart(12, '0')}`, value: hash })
      this.#blockHashes.set(n, hash)
    }
    if (writes.length > 0) await this.#kv.batch(writes)
  }

  async #upstreamBlockHash(n: bigint): Promise<Uint8Array> {
    const block = await this.history.block(n)
    const hash = typeof block?.hash === 'string' ? block.hash : ''
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash))
      throw new ForkError(
        `fork upstream ${this.point.upstream} has no block ${n}, whose hash BLOCKHASH reads`,
      )
    return hexToBytes(hash)
  }

  /**
   * Runs `operation` (which may have side effects) until it no longer stops at state not fetched
   * yet, fetching what it named in between.
   */
  async retrying<T>(operation: () => T | Promise<T>): Promise<T> {
    for (let run = 0; run < MAX_RERUNS; run++) {
      try {
        return await operation()
      } catch (error) {
        if (!(error instanceof MissingRemoteStateError)) throw error
        await (error.source ?? this).fetch(error.keys)
      }
    }
    throw new Error('an execution on forked state touched too much state')
  }

  /**
   * `retrying` for the node's request handlers, which answer synchronously when they can: an
   * answer that needs nothing from the upstream stays synchronous.
   */
  runHandler(call: () => unknown): unknown {
    const refetch = (error: unknown) => {
      if (!(error instanceof MissingRemoteStateError)) throw error
      return (error.source ?? this).fetch(error.keys).then(() => this.retrying(call))
    }
    try {
      const result = call()
      return isThenable(result) ? result.then(undefined, refetch) : result
    } catch (error) {
      return refetch(error)
    }
  }

  /**
   * Runs a pure computation: a pass that meets state not fetched yet goes on as if it were
   * absent, and everything it met is fetched together before the next pass. The result of a
   * pass with no misses is returned (or its error thrown).
   */
  async runSpeculatively<T>(computation: () => T): Promise<T> {
    for (let run = 0; run < MAX_RERUNS; run++) {
      const outer = this.#misses
      const misses: RemoteStateKey[] = []
      this.#misses = misses
      let outcome: { value: T } | { error: unknown }
      try {
        outcome = { value: computation() }
      } catch (error) {
        outcome = { error }
      } finally {
        this.#misses = outer
      }
      if (misses.length === 0) {
        if ('error' in outcome) throw outcome.error
        return outcome.value
      }
      await this.fetch(misses)
    }
    throw new Error('an execution on forked state touched too much state')
  }

  #load(key: string, value: Uint8Array): void {
    if (key.startsWith('a:')) {
      const address = `0x${key.slice(2)}` as Address
      const [nonce, balance, code] = rlpDecodeList(value) as Uint8Array[]
      const account: CachedAccount = {
        nonce: bytesToBigint(nonce!),
        balance: bytesToBigint(balance!),
        code: code!,
        codeHash: code!.length === 0 ? KECCAK256_EMPTY : keccak256(code!),
      }
      const exists = account.nonce !== 0n || account.balance !== 0n || account.code.length > 0
      this.#accounts.set(address, exists ? account : null)
      if (!equalBytes(account.codeHash, KECCAK256_EMPTY))
        this.#codes.set(bytesToUnprefixedHex(account.codeHash), account.code)
    } else if (key.startsWith('s:')) {
      this.#slots.set(key.slice(2), bytesToBigint(value))
    } else if (key.startsWith('h:')) {
      this.#blockHashes.set(BigInt(`0x${key.slice(2)}`), value)
    }
  }
}

function slotId(address: Address, slot: bigint): string {
  return `${address.slice(2)}:${slot.toString(16).padStart(64, '0')}`
}

/** Sub-prefixes of the state's records (accounts, slots, block hashes), read when the fork opens. */
const STATE_RECORD_KINDS = ['a:', 's:', 'h:'] as const

function describeKey(key: RemoteStateKey): string {
  if (key.kind === 'account') return `account ${key.address}`
  if (key.kind === 'blockHash') return `the hash of block ${key.number}`
  return `slot 0x${key.slot.toString(16)} of ${key.address}`
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}
