/**
 * A block being built: the EVM reads through this overlay, which shows the base state plus the
 * changes of the transactions already executed in the block. Nothing reaches the base state until
 * the whole block commits, so a failed block leaves the chain untouched.
 */
import type { AccountData, AccountDiff, StateDiff, StateReader } from '../../evm/types.js'
import type { Address } from '../../util/hex.js'

export class StateOverlay implements StateReader {
  readonly #base: StateReader
  readonly #diff: StateDiff = new Map()

  constructor(base: StateReader) {
    this.#base = base
  }

  /** Every change so far, merged per account: what the block commits. */
  get diff(): StateDiff {
    return this.#diff
  }

  getAccount(address: Address): AccountData | undefined {
    const d = this.#diff.get(address)
    if (d) return d.account ?? undefined
    return this.#base.getAccount(address)
  }

  getCode(address: Address): Uint8Array {
    const d = this.#diff.get(address)
    if (d) {
      if (d.account === null) return new Uint8Array(0)
      if (d.code) return d.code
      if (d.storageCleared) return new Uint8Array(0)
    }
    return this.#base.getCode(address)
  }

  getStorage(address: Address, slot: bigint): bigint {
    const d = this.#diff.get(address)
    if (d) {
      if (d.account === null) return 0n
      const v = d.storage.get(slot)
      if (v !== undefined) return v
      if (d.storageCleared) return 0n
    }
    return this.#base.getStorage(address, slot)
  }

  /** Folds a transaction's changes into the block's. */
  apply(diff: StateDiff): void {
    for (const [address, change] of diff) {
      const prior = this.#diff.get(address)
      if (!prior || change.account === null || change.storageCleared) {
        this.#diff.set(address, cloneDiff(change, prior))
        continue
      }
      prior.account = change.account
      if (change.code) prior.code = change.code
      for (const [slot, value] of change.storage) prior.storage.set(slot, value)
    }
  }
}

function cloneDiff(change: AccountDiff, prior: AccountDiff | undefined): AccountDiff {
  // A deletion or re-creation replaces what came before, but the commit must still know the
  // account's storage was wiped if an earlier transaction of the block had written some.
  const wiped = change.account === null || change.storageCleared === true || prior?.storageCleared === true
  return {
    account: change.account,
    code: change.code ?? (change.account === null || change.storageCleared ? undefined : prior?.code),
    storage: new Map(change.storage),
    storageCleared: wiped || undefined,
  }
}
