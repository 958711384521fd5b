/**
 * Where the simulated Bitcoin chain keeps its bytes. Every read and write of the chain goes through
 * this synchronous key/value interface, so the same code runs over a Map in tests and over the
 * storage of the chain's system account in the world state, where each value is a slot blob
 * (`state/slotBlobs.ts`) written with the block that changed it, reverted with it and persisted
 * with it. A value of n bytes costs 1 + ceil(n / 32) slots there, hence compact layouts.
 */
import { readBlob, readBlobPrefix, type SlotWriter, writeBlob } from '../../state/slotBlobs.js'

export interface BtcStore {
  get(key: string): Uint8Array | undefined
  /** The first `length` bytes of a value (a block's header without the block), when cheaper than `get`. */
  getPrefix?(key: string, length: number): Uint8Array | undefined
  /** `undefined` deletes the key. */
  put(key: string, value: Uint8Array | undefined): void
}

/** An in-memory store (tests, throw-away chains); `entries` exposes what was written. */
export function mapBtcStore(): BtcStore & { entries: Map<string, Uint8Array> } {
  const entries = new Map<string, Uint8Array>()
  return {
    entries,
    get: (key) => entries.get(key),
    put: (key, value) => {
      if (value === undefined) entries.delete(key)
      else entries.set(key, value.slice())
    },
  }
}

/** A store over one account's storage slots (reads and writes go straight to `storage`). */
export function slotBtcStore(storage: SlotWriter): BtcStore {
  return {
    get: (key) => readBlob(storage, key),
    getPrefix: (key, length) => readBlobPrefix(storage, key, length),
    put: (key, value) => writeBlob(storage, key, value),
  }
}
