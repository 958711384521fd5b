/**
 * The mempool: transactions waiting for a block, by sender and nonce.
 *
 * `pending` holds, per sender, the run of consecutive nonces starting at the account's nonce —
 * what the next block can include. `queued` holds transactions whose nonce leaves a gap; they
 * move to pending when the gap closes. The admission checks and their texts follow RSKj's pool
 * (reference §4.4), in RSKj's order, so a dApp sees the same -32010 messages as on Rootstock.
 */
import type { Address } from '../util/hex.js'
import { TransactionPoolError } from './errors.js'

export interface PoolTransaction {
  /** Lowercase `0x` hex of the transaction hash. */
  hash: string
  sender: Address
  nonce: bigint
  gasPrice: bigint
  gasLimit: bigint
  value: bigint
  /** Encoded size in bytes. */
  size: number
  /** Init code length for a contract creation, 0 otherwise. */
  initCodeSize: number
}

export interface PoolAdmission {
  /** The sender's account in the latest state; `undefined` when it does not exist. */
  account: { nonce: bigint; balance: bigint } | undefined
  blockGasLimit: bigint
  minimumGasPrice: bigint
  /** Intrinsic gas of the transaction (RSKj's "basic cost"). */
  intrinsicGas: bigint
  /**
   * How far above the account's nonce a queued transaction's may be (RSKj's `accountSlots`), or
   * `undefined` for no limit (transactions restored from the store, already admitted once). The
   * limit is there against a sender filling the pool with far-future nonces behind a gap.
   */
  accountSlots: bigint | undefined
}

export interface PoolEntry<T> {
  tx: T
  /** Arrival order, for pending-transaction filters and FIFO tie-breaks. */
  seq: number
  status: 'pending' | 'queued'
}

export interface AddResult<T> {
  status: 'pending' | 'queued'
  replaced?: T
  /** Queued transactions that this one made pending. */
  promoted: T[]
}

/** RSKj `transaction.accountSlots`: a nonce this far above the account's, behind a gap, is "too high". */
export const ACCOUNT_SLOTS = 16n
/** RSKj `transaction.gasPriceBump`: a replacement must pay 40% more. */
export const GAS_PRICE_BUMP_PERCENT = 40n
/** RSKj `TxValidatorMaximumSizeValidator`. */
export const MAX_TRANSACTION_SIZE = 131_072
/** EIP-3860 as Rootstock applies it (RSKIP438). */
export const MAX_INIT_CODE_SIZE = 0xc000

/**
 * RSKj `TransactionPoolImpl.isBumpingGasPriceForSameNonceTx`: a transaction replaces one with its
 * sender and nonce only at a strictly higher price that is also at least the old price plus the
 * bump (integer division, as RSKj's `Coin` computes it). The same price, 0 → 0 included, is refused.
 */
export function isBumpingGasPrice(newPrice: bigint, oldPrice: bigint): boolean {
  const bumped = (oldPrice * (100n + GAS_PRICE_BUMP_PERCENT)) / 100n
  return oldPrice < newPrice && bumped <= newPrice
}

export class TxPool<T extends PoolTransaction> {
  #byHash = new Map<string, PoolEntry<T>>()
  /** sender → nonce → entry */
  #bySender = new Map<Address, Map<bigint, PoolEntry<T>>>()
  #seq = 0

  get size(): number {
    return this.#byHash.size
  }

  get(hash: string): PoolEntry<T> | undefined {
    return this.#byHash.get(hash)
  }

  /** The highest sequence number handed out so far (filters remember where they stopped). */
  get lastSeq(): number {
    return this.#seq
  }

  /**
   * Admits a transaction or throws `TransactionPoolError` with RSKj's message.
   * The checks run in RSKj's order (reference §4.4).
   */
  add(tx: T, admission: PoolAdmission): AddResult<T> {
    const existing = this.#byHash.get(tx.hash)
    if (existing)
      throw new TransactionPoolError(`${existing.status} transaction with same hash already exists`)
    const { account } = admission
    if (account === undefined && tx.gasPrice > 0n)
      throw new TransactionPoolError("the sender account doesn't exist")
    if (tx.initCodeSize > MAX_INIT_CODE_SIZE)
      throw new TransactionPoolError("transaction's init code size is invalid")
    if (tx.size > MAX_TRANSACTION_SIZE)
      throw new TransactionPoolError(
        `transaction's size is higher than defined maximum: ${tx.size} > ${MAX_TRANSACTION_SIZE}`,
      )
    if (tx.gasLimit > admission.blockGasLimit)
      throw new TransactionPoolError(
        `transaction's gas limit of ${tx.gasLimit} is higher than the block's gas limit of ${admission.blockGasLimit}`,
      )
    const stateNonce = account?.nonce ?? 0n
    const balance = account?.balance ?? 0n
    if (tx.nonce < stateNonce) throw new TransactionPoolError('transaction nonce too low')
    const nonces = this.#bySender.get(tx.sender)
    const same = nonces?.get(tx.nonce)
    const goesPending = same
      ? same.status === 'pending'
      : tx.nonce === this.#nextPendingNonce(tx.sender, stateNonce)
    // Only a nonce beyond a gap is held to the slots: a run of consecutive nonces (a test suite's
    // Promise.all of sends from one account) is executable, and a dev node pools all of it.
    if (
      !goesPending &&
      admission.accountSlots !== undefined &&
      tx.nonce >= stateNonce + admission.accountSlots
    )
      throw new TransactionPoolError('transaction nonce too high')
    if (balance < tx.gasPrice * tx.gasLimit) throw new TransactionPoolError('insufficient funds')
    if (tx.gasPrice < admission.minimumGasPrice)
      throw new TransactionPoolError("transaction's gas price lower than block's minimum")
    if (admission.intrinsicGas > tx.gasLimit)
      throw new TransactionPoolError("transaction's basic cost is above the gas limit")

    if (same && !isBumpingGasPrice(tx.gasPrice, same.tx.gasPrice))
      throw new TransactionPoolError('gas price not enough to bump transaction')

    if (goesPending) {
      let cost = tx.value + tx.gasPrice * tx.gasLimit
      for (const entry of nonces?.values() ?? []) {
        if (entry.status === 'pending' && entry !== same)
          cost += entry.tx.value + entry.tx.gasPrice * entry.tx.gasLimit
      }
      if (cost > balance)
        throw new TransactionPoolError('insufficient funds to pay for pending and new transactions')
    }

    if (same) this.#byHash.delete(same.tx.hash)
    const entry: PoolEntry<T> = { tx, seq: ++this.#seq, status: goesPending ? 'pending' : 'queued' }
    this.#byHash.set(tx.hash, entry)
    const senderMap = nonces ?? new Map<bigint, PoolEntry<T>>()
    senderMap.set(tx.nonce, entry)
    if (!nonces) this.#bySender.set(tx.sender, senderMap)
    const promoted = goesPending && !same ? this.#promote(tx.sender, tx.nonce + 1n) : []
    return { status: entry.status, replaced: same?.tx, promoted }
  }

  /** The nonce after the sender's pending transactions (`eth_getTransactionCount` at `pending`). */
  nextNonce(sender: Address, stateNonce: bigint): bigint {
    return this.#nextPendingNonce(sender, stateNonce)
  }

  /** Pending transactions in the order a block includes them: by gas price, nonce order per sender, then arrival. */
  pending(): T[] {
    const heads: Array<{ list: PoolEntry<T>[]; index: number }> = []
    for (const nonces of this.#bySender.values()) {
      const list = [...nonces.values()]
        .filter((e) => e.status === 'pending')
        .sort((a, b) => cmp(a.tx.nonce, b.tx.nonce))
      if (list.length > 0) heads.push({ list, index: 0 })
    }
    const out: T[] = []
    for (;;) {
      let best: { list: PoolEntry<T>[]; index: number } | undefined
      for (const head of heads) {
        const candidate = head.list[head.index]
        if (!candidate) continue
        const current = best?.list[best.index]
        if (
          !current ||
          candidate.tx.gasPrice > current.tx.gasPrice ||
          (candidate.tx.gasPrice === current.tx.gasPrice && candidate.seq < current.seq)
        )
          best = head
      }
      if (!best) return out
      out.push(best.list[best.index]!.tx)
      best.index++
    }
  }

  queued(): T[] {
    return [...this.#byHash.values()].filter((e) => e.status === 'queued').map((e) => e.tx)
  }

  /** All entries in arrival order. */
  entries(): PoolEntry<T>[] {
    return [...this.#byHash.values()].sort((a, b) => a.seq - b.seq)
  }

  /** Pending transactions that arrived after `seq` (for pending-transaction filters). */
  pendingSince(seq: number): T[] {
    return this.entries()
      .filter((e) => e.seq > seq && e.status === 'pending')
      .map((e) => e.tx)
  }

  /**
   * Drops what a new block included and whatever the new state makes stale, then promotes queued
   * transactions whose gap closed. `nonceOf` reads the sender's nonce in the new state.
   */
  onBlock(included: readonly T[], nonceOf: (sender: Address) => bigint): void {
    const senders = new Set<Address>()
    for (const tx of included) {
      this.#remove(tx.hash)
      senders.add(tx.sender)
    }
    for (const sender of senders) {
      const nonces = this.#bySender.get(sender)
      if (!nonces) continue
      const stateNonce = nonceOf(sender)
      for (const [nonce, entry] of nonces) if (nonce < stateNonce) this.#remove(entry.tx.hash)
      this.#promote(sender, stateNonce)
    }
  }

  /** Removes one transaction; the sender's later pending ones go back to queued (they now have a gap). */
  drop(hash: string): T | undefined {
    const entry = this.#byHash.get(hash)
    if (!entry) return undefined
    this.#remove(hash)
    const nonces = this.#bySender.get(entry.tx.sender)
    for (const [nonce, other] of nonces ?? []) if (nonce > entry.tx.nonce) other.status = 'queued'
    return entry.tx
  }

  clear(): void {
    this.#byHash = new Map()
    this.#bySender = new Map()
  }

  #remove(hash: string): void {
    const entry = this.#byHash.get(hash)
    if (!entry) return
    if (this.#byHash.size === 1) {
      // The pool empties after nearly every block under automine. Fresh maps instead of deletes:
      // V8 rehashes a long-lived map in the old generation, and the old table's references keep
      // the transactions it held from dying young (see HeightRing).
      this.clear()
      return
    }
    this.#byHash.delete(hash)
    const nonces = this.#bySender.get(entry.tx.sender)
    nonces?.delete(entry.tx.nonce)
    if (nonces?.size === 0) this.#bySender.delete(entry.tx.sender)
  }

  #nextPendingNonce(sender: Address, stateNonce: bigint): bigint {
    const nonces = this.#bySender.get(sender)
    let next = stateNonce
    while (nonces?.get(next)?.status === 'pending') next++
    return next
  }

  #promote(sender: Address, from: bigint): T[] {
    const nonces = this.#bySender.get(sender)
    const promoted: T[] = []
    let next = from
    for (;;) {
      const entry = nonces?.get(next)
      if (!entry) return promoted
      if (entry.status === 'queued') {
        entry.status = 'pending'
        promoted.push(entry.tx)
      }
      next++
    }
  }
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0
}
