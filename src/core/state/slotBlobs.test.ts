import { describe, expect, it } from 'vitest'
import { blobBaseSlot, readBlob, type SlotWriter, writeBlob } from './slotBlobs.js'

function memorySlots(): SlotWriter & { slots: Map<bigint, bigint> } {
  const slots = new Map<bigint, bigint>()
  return {
    slots,
    getStorage: (slot) => slots.get(slot) ?? 0n,
    setStorage: (slot, value) => {
      if (value === 0n) slots.delete(slot)
      else slots.set(slot, value)
    },
  }
}

describe('slot blobs', () => {
  it('reads back what was written, for lengths around word boundaries', () => {
    const storage = memorySlots()
    for (const length of [0, 1, 31, 32, 33, 64, 65, 300]) {
      const value = Uint8Array.from({ length }, (_, i) => (i * 7 + length) % 256)
      writeBlob(storage, `k${length}`, value)
      expect(readBlob(storage, `k${length}`)).toEqual(value)
    }
  })

  it('tells an absent key from an empty value', () => {
    const storage = memorySlots()
    expect(readBlob(storage, 'missing')).toBeUndefined()
    writeBlob(storage, 'empty', new Uint8Array(0))
    expect(readBlob(storage, 'empty')).toEqual(new Uint8Array(0))
  })

  it('clears the slots a longer value used when a shorter one or none replaces it', () => {
    const storage = memorySlots()
    writeBlob(storage, 'k', new Uint8Array(100).fill(9))
    writeBlob(storage, 'k', new Uint8Array(10).fill(1))
    expect(readBlob(storage, 'k')).toEqual(new Uint8Array(10).fill(1))
    expect(storage.slots.size).toBe(2)
    writeBlob(storage, 'k', undefined)
    expect(storage.slots.size).toBe(0)
    expect(readBlob(storage, 'k')).toBeUndefined()
  })

  it('keeps keys apart', () => {
    expect(blobBaseSlot('a')).not.toBe(blobBaseSlot('b'))
  })
})
