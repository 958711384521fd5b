/**
 * A plain in-memory `StateReader` with `applyDiff`, for tests, benchmarks and differential runs.
 * (The engine has its own state; this one exists so the EVM can be exercised on its own.)
 */
import { KECCAK256_EMPTY, keccak256 } from '../../crypto/hash.js'
import type { Address } from '../../util/hex.js'
import type { AccountData, StateDiff, StateReader } from '../types.js'

export interface GenesisAccount {
  balance?: bigint
  nonce?: bigint
  code?: Uint8Array
  storage?: Record<string, bigint> | Map<bigint, bigint>
}

export class MemoryState implements StateReader {
  private readonly accounts = new Map<Address, AccountData>()
  private readonly codes = new Map<Address, Uint8Array>()
  private readonly storages = new Map<Address, Map<bigint, bigint>>()

  constructor(genesis: Record<string, GenesisAccount> = {}) {
    for (const [address, account] of Object.entries(genesis)) this.put(address as Address, account)
  }

  put(address: Address, account: GenesisAccount): void {
    const code = account.code ?? new Uint8Array(0)
    this.accounts.set(address, {
      nonce: account.nonce ?? 0n,
      balance: account.balance ?? 0n,
      codeHash: code.length === 0 ? KECCAK256_EMPTY : keccak256(code),
    })
    this.codes.set(address, code)
    const storage = new Map<bigint, bigint>()
    if (account.storage instanceof Map) for (const [k, v] of account.storage) storage.set(k, v)
    else if (account.storage) for (const [k, v] of Object.entries(account.storage)) storage.set(BigInt(k), v)
    this.storages.set(address, storage)
  }

  getAccount(address: Address): AccountData | undefined {
    return this.accounts.get(address)
  }

  getCode(address: Address): Uint8Array {
    return this.codes.get(address) ?? new Uint8Array(0)
  }

  getStorage(address: Address, slot: bigint): bigint {
    return this.storages.get(address)?.get(slot) ?? 0n
  }

  applyDiff(diff: StateDiff): void {
    for (const [address, change] of diff) {
      if (change.account === null) {
        this.accounts.delete(address)
        this.codes.delete(address)
        this.storages.delete(address)
        continue
      }
      this.accounts.set(address, change.account)
      if (change.code !== undefined) this.codes.set(address, change.code)
      let storage = this.storages.get(address)
      if (storage === undefined || change.storageCleared) {
        storage = new Map()
        this.storages.set(address, storage)
      }
      for (const [slot, value] of change.storage) {
        if (value === 0n) storage.delete(slot)
        else storage.set(slot, value)
      }
    }
  }
}
