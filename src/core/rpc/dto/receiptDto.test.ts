import { describe, expect, it } from 'vitest'
import type { LogView } from '../../node/engine/views.js'
import type { Address } from '../../util/hex.js'
import { toFilterLogDto, toLogDto } from './receiptDto.js'

const log: LogView = {
  logIndex: 3,
  blockNumber: 0x1f4n,
  blockHash: new Uint8Array(32).fill(0xab),
  transactionHash: new Uint8Array(32).fill(0xcd),
  transactionIndex: 0,
  address: '0x00000000000000000000000000000000000000aa' as Address,
  data: Uint8Array.of(1, 2),
  topics: [new Uint8Array(32).fill(1)],
}

describe('log wire form', () => {
  it('writes quantities and data in RSKj key order', () => {
    const dto = toLogDto(log)
    expect(Object.keys(dto)).toEqual([
      'logIndex',
      'blockNumber',
      'blockHash',
      'transactionHash',
      'transactionIndex',
      'address',
      'data',
      'topics',
    ])
    expect(dto).toMatchObject({
      logIndex: '0x3',
      blockNumber: '0x1f4',
      blockHash: `0x${'ab'.repeat(32)}`,
      transactionIndex: '0x0',
      data: '0x0102',
      topics: [`0x${'01'.repeat(32)}`],
    })
  })

  it('returns a fresh object each time, so editing one result leaves the next intact', () => {
    const first = toLogDto(log)
    first.topics.push('0xdead')
    first.data = '0x'
    const second = toLogDto(log)
    expect(second).not.toBe(first)
    expect(second.topics).toEqual([`0x${'01'.repeat(32)}`])
    expect(second.data).toBe('0x0102')
  })

  it('gives filter results removed first: false for a log of the chain, true for a reverted one', () => {
    const live = toFilterLogDto(log)
    expect(Object.keys(live)[0]).toBe('removed')
    expect(live.removed).toBe(false)
    const dropped = toFilterLogDto({ ...log, removed: true })
    expect(Object.keys(dropped)[0]).toBe('removed')
    expect(dropped.removed).toBe(true)
    expect(dropped.blockNumber).toBe('0x1f4')
  })

  it("leaves removed out of a receipt's logs", () => {
    expect(toLogDto(log)).not.toHaveProperty('removed')
  })
})
