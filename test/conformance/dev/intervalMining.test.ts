/**
 * Interval mining in each method owner's unit: Anvil's `anvil_setIntervalMining` counts seconds,
 * Hardhat's `evm_setIntervalMining` milliseconds, with Hardhat's `[min, max]` range form. Blocks
 * are owed by the clock and mined on the next request (core has no timers).
 */
import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../../src/core/clock/clock.js'
import { createNode } from '../../../src/core/createNode.js'
import { decodeSettings, encodeSettings } from '../../../src/core/node/engine/settings.js'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../../src/core/storage/types.js'
import { countingRandom, createDevChain } from './devChain.js'

type Block = { number: string; timestamp: string }

async function timestamps(call: Awaited<ReturnType<typeof createDevChain>>['call']): Promise<number[]> {
  const head = Number(await call<string>('eth_blockNumber'))
  const out: number[] = []
  for (let n = 1; n <= head; n++)
    out.push(Number((await call<Block>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).timestamp))
  return out
}

const gaps = (stamps: number[]) => stamps.slice(1).map((t, i) => t - stamps[i]!)

describe('interval units', () => {
  test('anvil_setIntervalMining [5] is five seconds: two blocks in 12 s, 5 s apart', async () => {
    const { call, clock } = await createDevChain()
    await call('anvil_setIntervalMining', [5])
    clock.advance(12_000)
    expect(await call('eth_blockNumber')).toBe('0x2')
    expect(gaps(await timestamps(call))).toEqual([5])
  })

  test('evm_setIntervalMining [5000] is Hardhat milliseconds: the same five seconds, not 5000 s', async () => {
    const { call, clock } = await createDevChain()
    await call('evm_setIntervalMining', [5000])
    clock.advance(12_000)
    expect(await call('eth_blockNumber')).toBe('0x2')
    expect(gaps(await timestamps(call))).toEqual([5])
    expect(await call('anvil_nodeInfo')).toMatchObject({ mining: { mode: 'interval', seconds: 5 } })
  })

  test('evm_setIntervalMining below a second: 250 ms makes eight blocks in two seconds', async () => {
    const { call, clock } = await createDevChain()
    await call('evm_setIntervalMining', [250])
    clock.advance(2_000)
    expect(await call('eth_blockNumber')).toBe('0x8')
    expect(await call('anvil_nodeInfo')).toMatchObject({ mining: { mode: 'interval', seconds: 0.25 } })
  })

  test('[0] turns interval mining off in both spellings', async () => {
    for (const [method, interval] of [
      ['anvil_setIntervalMining', 5],
      ['evm_setIntervalMining', 5000],
    ] as const) {
      const { call, clock } = await createDevChain()
      await call(method, [interval])
      await call(method, [0])
      clock.advance(60_000)
      expect(await call('eth_blockNumber')).toBe('0x0')
      expect(await call('anvil_nodeInfo')).toMatchObject({ mining: { mode: 'manual' } })
    }
  })
})

describe("Hardhat's range form", () => {
  test('[[3000, 6000]]: every block waits 3 to 6 s, not always the same, and the schedule is reproducible', async () => {
    const run = async () => {
      const { call, clock } = await createDevChain()
      await call('evm_setIntervalMining', [[3000, 6000]])
      for (let i = 0; i < 12; i++) {
        clock.advance(5_000)
        await call('eth_blockNumber')
      }
      return timestamps(call)
    }
    const stamps = await run()
    expect(stamps.length).toBeGreaterThanOrEqual(10)
    expect(stamps.length).toBeLessThanOrEqual(20)
    const spacing = gaps(stamps)
    for (const gap of spacing) expect(gap).toBeGreaterThanOrEqual(2) // ms due times are floored to seconds
    for (const gap of spacing) expect(gap).toBeLessThanOrEqual(7)
    expect(new Set(spacing).size).toBeGreaterThan(1)
    // The same randomness gives the same blocks at the same times.
    expect(await run()).toEqual(stamps)
  })

  test('anvil_nodeInfo reports the range in seconds', async () => {
    const { call } = await createDevChain()
    await call('evm_setIntervalMining', [[3000, 6000]])
    expect(await call('anvil_nodeInfo')).toMatchObject({
      mining: { mode: 'interval', seconds: 3, maxSeconds: 6 },
    })
  })

  test('the next due time is drawn ahead and kept across a restart of the node', async () => {
    const memory = createMemoryStore()
    // The node closes its store; the second node reads the same memory.
    const storage = { ...memory, close: async () => {} } as KeyValueStore
    const clock = createManualClock()
    const open = () => createNode({ network: 'regtest', storage, clock, random: countingRandom() })
    const first = await open()
    await first.request({ jsonrpc: '2.0', id: 1, method: 'evm_setIntervalMining', params: [[3000, 6000]] })
    const due = first.engine.nextIntervalBlockAt()!
    expect(due - clock.now()).toBeGreaterThanOrEqual(3000)
    expect(due - clock.now()).toBeLessThanOrEqual(6000)
    await first.close()
    const second = await open()
    expect(second.engine.nextIntervalBlockAt()).toBe(due)
    clock.set(due - 1)
    await second.engine.tick()
    expect(second.engine.head.header.number).toBe(0n)
    clock.set(due)
    await second.engine.tick()
    expect(second.engine.head.header.number).toBe(1n)
    expect(second.engine.head.header.timestamp).toBe(BigInt(Math.floor(due / 1000)))
    await second.close()
  })
})

describe('bad intervals are -32602 and name the problem', () => {
  const cases: Array<[string, unknown[], string]> = [
    [
      'evm_setIntervalMining',
      [-1],
      'invalid argument 0: the interval must be a non-negative integer of milliseconds, got -1',
    ],
    [
      'evm_setIntervalMining',
      [1.5],
      'invalid argument 0: the interval must be a non-negative integer of milliseconds, got 1.5',
    ],
    [
      'evm_setIntervalMining',
      ['5000'],
      'invalid argument 0: the interval must be a non-negative integer of milliseconds, got string',
    ],
    [
      'evm_setIntervalMining',
      [[6000, 3000]],
      'invalid argument 0: the range maximum 3000 is below its minimum 6000',
    ],
    ['evm_setIntervalMining', [[0, 3000]], 'invalid argument 0: the range minimum must be at least 1 ms'],
    [
      'evm_setIntervalMining',
      [[1, 2, 3]],
      'invalid argument 0: a range must be [min, max] in milliseconds, got 3 values',
    ],
    [
      'evm_setIntervalMining',
      [2 ** 60],
      'invalid argument 0: the interval must be a non-negative integer of milliseconds, got 1152921504606847000',
    ],
    [
      'evm_setIntervalMining',
      [9_007_199_254_741],
      'invalid argument 0: the interval must be at most 9007199254740 ms, got 9007199254741',
    ],
    [
      'anvil_setIntervalMining',
      ['0xffffffffffffffff'],
      'invalid argument 0: seconds must be at most 9007199254, got 18446744073709551615',
    ],
  ]
  test.each(cases)('%s %j', async (method, params, message) => {
    const { rpc, call, clock } = await createDevChain()
    expect((await rpc(method, params)).error).toEqual({ code: -32602, message })
    // Nothing changed: the chain still mines on demand.
    clock.advance(60_000)
    await call('evm_mine')
    expect(await call('eth_blockNumber')).toBe('0x1')
  })

  test('the largest interval accepted leaves the chain mining on demand', async () => {
    const { call, clock } = await createDevChain()
    await call('evm_setIntervalMining', [9_007_199_254_740])
    clock.advance(3_600_000)
    expect(await call('eth_blockNumber')).toBe('0x0')
    await call('evm_mine')
    expect(await call('eth_blockNumber')).toBe('0x1')
  })
})

test('settings stored before intervals were in milliseconds read as the same interval', () => {
  const legacy = new TextEncoder().encode(JSON.stringify({ mining: { type: 'interval', seconds: 5 } }))
  expect(decodeSettings(legacy).mining).toEqual({ type: 'interval', minMs: 5000, maxMs: 5000 })
  const current = decodeSettings(encodeSettings({ ...decodeSettings(legacy) }))
  expect(current.mining).toEqual({ type: 'interval', minMs: 5000, maxMs: 5000 })
})
