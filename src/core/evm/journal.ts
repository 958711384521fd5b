/**
 * Journaled world state for one transaction, layered over the engine's read-only `StateReader`.
 *
 * Every write appends an undo entry; a call frame takes a checkpoint (the journal length) and
 * either keeps its changes or rolls back to the checkpoint, as RSKj's nested `Repository` tracks
 * do. Logs, the refund counter and the self-destruct set follow the same checkpoints. At the end
 * the accumulated changes become a `StateDiff` for the engine to apply.
 */
import { KECCAK256_EMPTY, keccak256 } from '../crypto/hash.js'
import type { Address } from '../util/hex.js'
import { equalBytes } from '../util/hex.js'
import type { AccountData, AccountDiff, Log, PrecompileWriter, StateDiff, StateReader } from './types.js'

interface AccountRecord {
  exists: boolean
  nonce: bigint
  balance: bigint
  codeHash: Uint8Array
  /** Loaded lazily; `undefined` until first read or write. */
  code: Uint8Array | undefined
  codeChanged: boolean
  /** The account was (re)created in this transaction: unwritten slots read as zero. */
  storageCleared: boolean
  /** Slots written in this transaction with their current value. */
  storage: Map<bigint, bigint>
}

enum Entry {
  Account,
  Storage,
  Transient,
  Selfdestruct,
}

interface JournalEntry {
  kind: Entry
  address: Address
  slot: bigint
  /** Previous value: an AccountRecord copy, a slot value, or `undefined` for "was absent". */
  previous: AccountRecord | bigint | undefined
}

export interface Checkpoint {
  journal: number
  logs: number
  refund: number
}

export class JournaledState {
  private readonly accounts = new Map<Address, AccountRecord>()
  private readonly journal: JournalEntry[] = []
  private readonly transient = new Map<Address, Map<bigint, bigint>>()
  readonly selfdestructed = new Set<Address>()
  readonly logs: Log[] = []
  /** RSKj's "future refund": SSTORE clears, credited at the end of the transaction. */
  refund = 0

  constructor(private readonly reader: StateReader) {}

  private record(address: Address): AccountRecord {
    let rec = this.accounts.get(address)
    if (rec === undefined) {
      const data = this.reader.getAccount(address)
      rec = {
        exists: data !== undefined,
        nonce: data?.nonce ?? 0n,
        balance: data?.balance ?? 0n,
        codeHash: data?.codeHash ?? KECCAK256_EMPTY,
        code: data === undefined ? new Uint8Array(0) : undefined,
        codeChanged: false,
        storageCleared: false,
        storage: new Map(),
      }
      this.accounts.set(address, rec)
    }
    return rec
  }

  /**
   * Saves the account's fields before a change. The copy holds the storage map by reference, so
   * undoing a re-creation (which swaps in a new map) brings the old slots back.
   */
  private touch(address: Address, rec: AccountRecord): void {
    this.journal.push({ kind: Entry.Account, address, slot: 0n, previous: { ...rec } })
  }

  exists(address: Address): boolean {
    return this.record(address).exists
  }

  getBalance(address: Address): bigint {
    return this.record(address).balance
  }

  getNonce(address: Address): bigint {
    return this.record(address).nonce
  }

  getCode(address: Address): Uint8Array {
    const rec = this.record(address)
    if (rec.code === undefined) rec.code = this.reader.getCode(address)
    return rec.code
  }

  getCodeHash(address: Address): Uint8Array {
    return this.record(address).codeHash
  }

  hasCode(address: Address): boolean {
    return !equalBytes(this.record(address).codeHash, KECCAK256_EMPTY)
  }

  /**
   * Adds (or with a negative amount, removes) balance. Any amount, zero included, creates an absent
   * account: RSKj's `MutableRepository.addBalance` calls `getAccountStateOrCreateNew` before it
   * returns early for a zero value, so a zero-value CALL or STATICCALL creates its target.
   */
  addBalance(address: Address, amount: bigint): void {
    const rec = this.record(address)
    if (amount === 0n && rec.exists) return
    this.touch(address, rec)
    rec.balance += amount
    rec.exists = true
  }

  transfer(from: Address, to: Address, amount: bigint): void {
    this.addBalance(from, -amount)
    this.addBalance(to, amount)
  }

  setNonce(address: Address, nonce: bigint): void {
    const rec = this.record(address)
    this.touch(address, rec)
    rec.nonce = nonce
    rec.exists = true
  }

  setCode(address: Address, code: Uint8Array): void {
    const rec = this.record(address)
    this.touch(address, rec)
    rec.code = code
    rec.codeHash = code.length === 0 ? KECCAK256_EMPTY : keccak256(code)
    rec.codeChanged = true
    rec.exists = true
  }

  /**
   * Creates a fresh account record at `address` (CREATE, CREATE2, creation transactions): nonce 0,
   * no code; an existing balance is carried over as RSKIP174 does. Storage is kept: RSKj's
   * `MutableRepository.createAccount` rewrites only the account record, and a collision is judged
   * on nonce and code alone (RSKIP125), so slots already under the address stay readable.
   */
  createAccount(address: Address): void {
    const rec = this.record(address)
    this.touch(address, rec)
    rec.exists = true
    rec.nonce = 0n
    rec.code = new Uint8Array(0)
    rec.codeHash = KECCAK256_EMPTY
    rec.codeChanged = false
  }

  getStorage(address: Address, slot: bigint): bigint {
    const rec = this.record(address)
    const value = rec.storage.get(slot)
    if (value !== undefined) return value
    return rec.storageCleared || !rec.exists ? 0n : this.reader.getStorage(address, slot)
  }

  setStorage(address: Address, slot: bigint, value: bigint): void {
    const rec = this.record(address)
    this.journal.push({ kind: Entry.Storage, address, slot, previous: rec.storage.get(slot) })
    rec.storage.set(slot, value)
    rec.exists = true
  }

  getTransient(address: Address, slot: bigint): bigint {
    return this.transient.get(address)?.get(slot) ?? 0n
  }

  setTransient(address: Address, slot: bigint, value: bigint): void {
    let slots = this.transient.get(address)
    if (slots === undefined) {
      slots = new Map()
      this.transient.set(address, slots)
    }
    this.journal.push({ kind: Entry.Transient, address, slot, previous: slots.get(slot) })
    slots.set(slot, value)
  }

  markSelfdestruct(address: Address): void {
    if (this.selfdestructed.has(address)) return
    this.journal.push({ kind: Entry.Selfdestruct, address, slot: 0n, previous: undefined })
    this.selfdestructed.add(address)
  }

  /** A read-only view of the current (uncommitted) state, for precompiled contracts. */
  asReader(): StateReader {
    return {
      getAccount: (address) => {
        const rec = this.record(address)
        return rec.exists ? { nonce: rec.nonce, balance: rec.balance, codeHash: rec.codeHash } : undefined
      },
      getCode: (address) => this.getCode(address),
      getStorage: (address, slot) => this.getStorage(address, slot),
    }
  }

  /** The journaled writes a native contract may make (see `PrecompileWriter`). */
  asWriter(): PrecompileWriter {
    return {
      setStorage: (address, slot, value) => this.setStorage(address, slot, value),
      transfer: (from, to, amount) => this.transfer(from, to, amount),
      log: (address, topics, data) => {
        this.logs.push({ address, topics, data })
      },
    }
  }

  checkpoint(): Checkpoint {
    return { journal: this.journal.length, logs: this.logs.length, refund: this.refund }
  }

  /** Undoes every change made since `cp` (a failed or reverted frame). */
  revert(cp: Checkpoint): void {
    const journal = this.journal
    while (journal.length > cp.journal) {
      const entry = journal.pop() as JournalEntry
      this.undo(entry)
    }
    this.logs.length = cp.logs
    this.refund = cp.refund
  }

  private undo(entry: JournalEntry): void {
    const rec = this.accounts.get(entry.address) as AccountRecord
    switch (entry.kind) {
      case Entry.Account:
        Object.assign(rec, entry.previous as AccountRecord)
        return
      case Entry.Storage:
        if (entry.previous === undefined) rec.storage.delete(entry.slot)
        else rec.storage.set(entry.slot, entry.previous as bigint)
        return
      case Entry.Transient: {
        const slots = this.transient.get(entry.address) as Map<bigint, bigint>
        if (entry.previous === undefined) slots.delete(entry.slot)
        else slots.set(entry.slot, entry.previous as bigint)
        return
      }
      case Entry.Selfdestruct:
        this.selfdestructed.delete(entry.address)
        return
    }
  }

  /** Removes the account at the end of the transaction (RSKj deletes self-destructed accounts then). */
  deleteAccount(address: Address): void {
    const rec = this.record(address)
    this.touch(address, rec)
    rec.exists = false
    rec.nonce = 0n
    rec.balance = 0n
    rec.code = new Uint8Array(0)
    rec.codeHash = KECCAK256_EMPTY
    rec.storageCleared = true
    rec.storage = new Map()
  }

  /** Everything that changed, relative to the reader, in the engine's `StateDiff` form. */
  toDiff(): StateDiff {
    const diff: StateDiff = new Map()
    for (const [address, rec] of this.accounts) {
      const before = this.reader.getAccount(address)
      if (!rec.exists) {
        if (before !== undefined)
          diff.set(address, { account: null, storage: new Map(), storageCleared: true })
        continue
      }
      const account: AccountData = { nonce: rec.nonce, balance: rec.balance, codeHash: rec.codeHash }
      const unchanged =
        before !== undefined &&
        before.nonce === rec.nonce &&
        before.balance === rec.balance &&
        equalBytes(before.codeHash, rec.codeHash) &&
        !rec.codeChanged &&
        !rec.storageCleared &&
        rec.storage.size === 0
      if (unchanged) continue
      const entry: AccountDiff = { account, storage: new Map(rec.storage) }
      if (rec.codeChanged && rec.code !== undefined) entry.code = rec.code
      if (rec.storageCleared) entry.storageCleared = true
      diff.set(address, entry)
    }
    return diff
  }
}
