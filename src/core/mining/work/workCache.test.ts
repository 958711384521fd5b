import { describe, expect, test } from 'vitest'
import { buildMinerWork } from './minerWork'
import { MergedMiningWorkCache, WORK_CACHE_SIZE } from './workCache'

const hashOf = (n: number) => new Uint8Array(32).fill(n)
const workFor = (n: number, notify = true) =>
  buildMinerWork({
    hashForMergedMining: hashOf(n),
    difficulty: 1n,
    feesPaidToMiner: 0n,
    notify,
    parentBlockHash: hashOf(0),
  })

describe('MergedMiningWorkCache', () => {
  test('keeps the last 20 templates and forgets older ones', () => {
    const cache = new MergedMiningWorkCache<string>()
    for (let n = 1; n <= WORK_CACHE_SIZE + 2; n++) cache.publish(hashOf(n), `template ${n}`, workFor(n))
    expect(cache.size).toBe(20)
    expect(cache.find(hashOf(1))).toBeUndefined()
    expect(cache.find(hashOf(2))).toBeUndefined()
    expect(cache.find(hashOf(3))).toBe('template 3')
    expect(cache.find(hashOf(22))).toBe('template 22')
  })

  test('hands out notify: true once, then the same work with notify: false', () => {
    const cache = new MergedMiningWorkCache<string>()
    expect(cache.takeWork()).toBeUndefined()
    cache.publish(hashOf(1), 't', workFor(1))
    expect(cache.takeWork()?.notify).toBe(true)
    const again = cache.takeWork()
    expect(again?.notify).toBe(false)
    expect(again?.blockHashForMergedMining).toBe(workFor(1).blockHashForMergedMining)
    cache.publish(hashOf(2), 't2', workFor(2, false))
    expect(cache.takeWork()?.notify).toBe(false)
  })
})
