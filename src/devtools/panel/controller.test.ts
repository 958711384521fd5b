import { describe, expect, it } from 'vitest'
import { flattenPool, summarizeBlock } from './controller.js'

const tx = (from: string, nonce: number, to = '0x2222222222222222222222222222222222222222') => ({
  hash: `0x${nonce.toString(16).padStart(64, '0')}`,
  from,
  nonce: `0x${nonce.toString(16)}`,
  to,
  value: '0x00',
  gasPrice: '0x3b9aca00',
  gas: '0x5208',
  input: '0x',
})

describe('panel controller helpers', () => {
  it('flattens RSKj txpool_content by sender and nonce, pending before queued', () => {
    const a = '0xaaaa000000000000000000000000000000000000'
    const b = '0xbbbb000000000000000000000000000000000000'
    const pool = flattenPool({
      pending: {
        [b.slice(2)]: { '0': [tx(b, 0)] },
        [a.slice(2)]: { '1': [tx(a, 1)], '0': [tx(a, 0, '0x00')] },
      },
      queued: { [a.slice(2)]: { '5': [tx(a, 5)] } },
    })
    expect(pool.map((t) => [t.from, t.nonce, t.queued])).toEqual([
      [a, 0, false],
      [a, 1, false],
      [a, 5, true],
      [b, 0, false],
    ])
    expect(pool[0]!.to).toBeNull()
  })

  it('summarizes a block for the list', () => {
    const summary = summarizeBlock({
      number: '0x10',
      hash: '0xabc',
      timestamp: '0x5',
      transactions: ['0x1', '0x2'],
      gasUsed: '0x5208',
      miner: '0xm',
    })
    expect(summary).toEqual({
      number: 16,
      hash: '0xabc',
      timestamp: 5,
      transactions: 2,
      gasUsed: 21000n,
      miner: '0xm',
    })
  })
})
