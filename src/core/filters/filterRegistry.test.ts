import { describe, expect, test } from 'vitest'
import { createManualClock } from '../clock/clock.js'
import type { Address } from '../util/hex.js'
import { hexToBytes } from '../util/hex.js'
import { FILTER_IDLE_TIMEOUT_MS, FilterRegistry } from './filterRegistry.js'
import { matchesLog } from './logMatch.js'

let n = 0
const random = (len: number) => new Uint8Array(len).map(() => ++n & 0xff)

describe('FilterRegistry', () => {
  test('ids are 0x plus the hex of a UUID text, 72 digits, as RSKj makes them', () => {
    const registry = new FilterRegistry(createManualClock(), random)
    const { id } = registry.install('block', { cursorBlock: 0n, cursorSeq: 0 })
    expect(id).toMatch(/^0x[0-9a-f]{72}$/)
    const text = new TextDecoder().decode(hexToBytes(id))
    expect(text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  test('an unknown id is "filter not found" with code -32000', () => {
    const registry = new FilterRegistry(createManualClock(), random)
    expect(() => registry.touch('0x1')).toThrow(
      expect.objectContaining({ code: -32000, message: 'filter not found' }),
    )
  })

  test('a filter expires after five minutes without a poll, and a poll keeps it alive', () => {
    const clock = createManualClock()
    const registry = new FilterRegistry(clock, random)
    const kept = registry.install('block', { cursorBlock: 0n, cursorSeq: 0 })
    const idle = registry.install('block', { cursorBlock: 0n, cursorSeq: 0 })
    clock.advance(FILTER_IDLE_TIMEOUT_MS - 1000)
    registry.touch(kept.id)
    clock.advance(2000)
    expect(registry.touch(kept.id).id).toBe(kept.id)
    expect(() => registry.touch(idle.id)).toThrow('filter not found')
  })

  test('uninstall answers true once and false afterwards', () => {
    const registry = new FilterRegistry(createManualClock(), random)
    const { id } = registry.install('pendingTransaction', { cursorBlock: 0n, cursorSeq: 0 })
    expect(registry.uninstall(id)).toBe(true)
    expect(registry.uninstall(id)).toBe(false)
  })
})

describe('matchesLog', () => {
  const A = hexToBytes(`0x${'aa'.repeat(32)}`)
  const B = hexToBytes(`0x${'bb'.repeat(32)}`)
  const C = hexToBytes(`0x${'cc'.repeat(32)}`)
  const address = '0x1111111111111111111111111111111111111111' as Address
  const log = { address, topics: [A, B] }

  test('follows the spec topic table', () => {
    expect(matchesLog(log, { addresses: [], topics: [] })).toBe(true)
    expect(matchesLog(log, { addresses: [], topics: [[A]] })).toBe(true)
    expect(matchesLog(log, { addresses: [], topics: [null, [B]] })).toBe(true)
    expect(matchesLog(log, { addresses: [], topics: [[A], [B]] })).toBe(true)
    expect(
      matchesLog(log, {
        addresses: [],
        topics: [
          [A, B],
          [A, B],
        ],
      }),
    ).toBe(true)
    expect(matchesLog(log, { addresses: [], topics: [[B]] })).toBe(false)
    expect(matchesLog(log, { addresses: [], topics: [null, null, [C]] })).toBe(false)
  })

  test('addresses are alternatives', () => {
    const other = '0x2222222222222222222222222222222222222222' as Address
    expect(matchesLog(log, { addresses: [other, address], topics: [] })).toBe(true)
    expect(matchesLog(log, { addresses: [other], topics: [] })).toBe(false)
  })
})
