/**
 * Byte strings of any length kept in an account's 32-byte storage slots, by name. RSKj's Bridge
 * stores byte arrays under its keys (RSK storage holds values of any size); the EVM's storage here
 * holds words, so a value of `n` bytes takes a length slot and `ceil(n / 32)` data slots from
 * keccak256("blob:" + key). Kept in the world state, such values are written with the block that
 * changed them, rolled back by reverts and reorganizations, and persisted like any storage.
 */
import { keccak256 } from '../crypto/hash.js'
import { bigintToPaddedBytes, bytesToBigint } from '../util/hex.js'

export interface SlotReader {
  getStorage(slot: bigint): bigint
}

export interface SlotWriter extends SlotReader {
  setStorage(slot: bigint, value: bigint): void
}

const SLOT_SPACE = 2n ** 256n
const encoder = new TextEncoder()

/**
 * Base slots already hashed, by key. The Bridge's keys repeat (its peg-out lists, read before
 * every block by the simulated federation, and again by each call); a hash each time was most of
 * reading an empty list. Bounded: cleared whole when full (a light client's header keys vary).
 */
const baseSlots = new Map<string, bigint>()
const BASE_SLOTS_KEPT = 4096

/** The length slot of `key`; data slots follow it. */
export function blobBaseSlot(key: string): bigint {
  let slot = baseSlots.get(key)
  if (slot === undefined) {
    slot = bytesToBigint(keccak256(encoder.encode(`blob:${key}`)))
    if (baseSlots.size >= BASE_SLOTS_KEPT) baseSlots.clear()
    baseSlots.set(key, slot)
  }
  return slot
}

function slotAt(base: bigint, offset: number): bigint {
  return (base + BigInt(offset)) % SLOT_SPACE
}

/** The value stored under `key`, or `undefined` when none is. */
export function readBlob(storage: SlotReader, key: string): Uint8Array | undefined {
  const base = blobBaseSlot(key)
  const header = storage.getStorage(base)
  if (header === 0n) return undefined
  const length = Number(header - 1n)
  const out = new Uint8Array(length)
  for (let i = 0; i * 32 < length; i++) {
    const word = bigintToPaddedBytes(storage.getStorage(slotAt(base, i + 1)), 32)
    out.set(word.subarray(0, Math.min(32, length - i * 32)), i * 32)
  }
  return out
}

/** The first `length` bytes of the value under `key` (fewer if it is shorter): reads only their words. */
export function readBlobPrefix(storage: SlotReader, key: string, length: number): Uint8Array | undefined {
  const base = blobBaseSlot(key)
  const header = storage.getStorage(base)
  if (header === 0n) return undefined
  const size = Math.min(length, Number(header - 1n))
  const out = new Uint8Array(size)
  for (let i = 0; i * 32 < size; i++) {
    const word = bigintToPaddedBytes(storage.getStorage(slotAt(base, i + 1)), 32)
    out.set(word.subarray(0, Math.min(32, size - i * 32)), i * 32)
  }
  return out
}

/** Stores `value` under `key` (`undefined` deletes it), clearing the slots a longer value used. */
export function writeBlob(storage: SlotWriter, key: string, value: Uint8Array | undefined): void {
  const base = blobBaseSlot(key)
  const header = storage.getStorage(base)
  const oldWords = header === 0n ? 0 : Math.ceil(Number(header - 1n) / 32)
  const newWords = value === undefined ? 0 : Math.ceil(value.length / 32)
  if (value !== undefined) {
    storage.setStorage(base, BigInt(value.length) + 1n)
    for (let i = 0; i < newWords; i++) {
      const word = new Uint8Array(32)
      word.set(value.subarray(i * 32, Math.min(value.length, i * 32 + 32)))
      storage.setStorage(slotAt(base, i + 1), bytesToBigint(word))
    }
  } else if (header !== 0n) storage.setStorage(base, 0n)
  for (let i = newWords; i < oldWords; i++) storage.setStorage(slotAt(base, i + 1), 0n)
}
