/**
 * A state view that layers diffs over another `StateReader` without changing it: for building a
 * block (each transaction sees the ones before it; the merged diff is applied to the world state
 * once the block is sealed) and for calls against the pending block.
 */
import { KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData, AccountDiff, StateDiff, StateReader } from '../evm/types.js'
import { type Address, bytesToHex, equalBytes } from '../util/hex.js'

const NO_CODE = new Uint8Array(0)

export class StateOverlay implements StateReader {
  private readonly base: StateReader
  private readonly changes: StateDiff = new Map()
  /** Code introduced by the applied diffs, by hash (code is content-addressed). */
  private readonly codes = new Map<string, Uint8Array>()

  constructor(base: StateReader) {
    this.base = base
  }

  getAccount(address: Address): AccountData | undefined {
    const change = this.changes.get(address)
    if (!change) return this.base.getAccount(address)
    return change.account ? { ...change.account } : undefined
  }

  getCode(address: Address): Uint8Array {
    const change = this.changes.get(address)
    if (!change) return this.base.getCode(address)
    if (!change.account || equalBytes(change.account.codeHash, KECCAK256_EMPTY)) return NO_CODE
    return this.codes.get(bytesToHex(change.account.codeHash)) ?? this.base.getCode(address)
  }

  getStorage(address: Address, slot: bigint): bigint {
    const change = this.changes.get(address)
    if (!change) return this.base.getStorage(address, slot)
    if (!change.account) return 0n
    const value = change.storage.get(slot)
    if (value !== undefined) return value
    return change.storageCleared ? 0n : this.base.getStorage(address, slot)
  }

  /** Layers `diff` on top of what was applied before. */
  apply(diff: StateDiff): void {
    for (const [address, next] of diff) {
      const previous = this.changes.get(address)
      if (next.code !== undefined && next.account)
        this.codes.set(bytesToHex(next.account.codeHash), next.code)
      if (next.account === null) {
        this.changes.set(address, { account: null, storage: new Map(), storageCleared: true })
        continue
      }
      if (!previous || next.storageCleared) {
        const merged: AccountDiff = { account: { ...next.account }, storage: new Map(next.storage) }
        const code = this.codes.get(bytesToHex(next.account.codeHash))
        if (code !== undefined) merged.code = code
        // Re-created after a deletion in this overlay: storage below must not show through.
        if (next.storageCleared || previous?.account === null) merged.storageCleared = true
        this.changes.set(address, merged)
        continue
      }
      const merged: AccountDiff = {
        account: { ...next.account },
        storage: new Map([...previous.storage, ...next.storage]),
      }
      const code = this.codes.get(bytesToHex(next.account.codeHash))
      if (code !== undefined) merged.code = code
      if (previous.storageCleared || previous.account === null) merged.storageCleared = true
      this.changes.set(address, merged)
    }
  }

  /** Everything applied so far as one diff, for `WorldState.applyDiff`. */
  diff(): StateDiff {
    return new Map(this.changes)
  }
}
