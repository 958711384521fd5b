import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { logsBloom } from '../../chain/bloom.js'
import type { Address } from '../../util/hex.js'
import { type BlockLogSource, queryLogs } from '../logQuery.js'
import { BloomSectionIndex } from './bloomSections.js'
import type { LogView } from './views.js'

const EMITTER = '0x00000000000000000000000000000000000000aa' as Address
const topicOf = (n: number) => {
  const topic = new Uint8Array(32)
  topic[31] = n
  return topic
}

/** A chain of `length` blocks where the listed blocks carry one log with `topicOf(topic)`. */
function fakeChain(length: number, logAt: Map<number, number>) {
  const hashes = Array.from({ length }, (_, n) => Uint8Array.of(n & 0xff, n >> 8, 1))
  const logs = (n: bigint): LogView[] => {
    const topic = logAt.get(Number(n))
    if (topic === undefined) return []
    return [
      {
        logIndex: 0,
        blockNumber: n,
        blockHash: hashes[Number(n)]!,
        transactionHash: new Uint8Array(32),
        transactionIndex: 0,
        address: EMITTER,
        data: new Uint8Array(0),
        topics: [topicOf(topic)],
      },
    ]
  }
  const bloomReads: bigint[] = []
  const headNumber = () => BigInt(length - 1)
  const source = {
    headNumber,
    bloom: async (n: bigint) => {
      bloomReads.push(n)
      return n <= headNumber() ? logsBloom(logs(n)) : undefined
    },
    canonicalHash: async (n: bigint) => hashes[Number(n)],
    logs: async (n: bigint) => logs(n),
  }
  return { source, hashes, bloomReads, syncLogs: logs }
}

function withSections(source: ReturnType<typeof fakeChain>['source']): BlockLogSource {
  const index = new BloomSectionIndex(source)
  return { ...source, sectionBloom: (start, size) => index.sectionBloom(start, size) }
}

const unlimited = { kind: 'range-or-cap', freeRange: 1_000_000n, maxLogs: 1_000_000 } as const

describe('bloom sections', () => {
  it('union of a section holds the bits of every block bloom in it', async () => {
    const { source } = fakeChain(
      600,
      new Map([
        [3, 7],
        [200, 9],
      ]),
    )
    const index = new BloomSectionIndex(source)
    const { bloom: union, parts } = (await index.sectionBloom(0n, 256n))!
    for (const n of [3n, 200n]) {
      const bloom = (await source.bloom(n))!
      expect(bloom.every((byte, i) => ((union[i] as number) & byte) === byte)).toBe(true)
    }
    // Blocks 3 and 200 are in the first and the thirteenth 16-block part.
    expect(parts).toBe((1 << 0) | (1 << 12))
    expect((await index.sectionBloom(256n, 256n))?.bloom).toEqual(new Uint8Array(256))
    expect((await index.sectionBloom(256n, 256n))?.parts).toBe(0)
  })

  it('gives no section for unaligned starts, unknown sizes or sections past the head', async () => {
    const index = new BloomSectionIndex(fakeChain(600, new Map()).source)
    expect(await index.sectionBloom(16n, 256n)).toBeUndefined()
    expect(await index.sectionBloom(512n, 256n)).toBeUndefined()
    expect(await index.sectionBloom(0n, 32n)).toBeUndefined()
    expect(await index.sectionBloom(576n, 16n)).toBeDefined()
  })

  it('rebuilds a section whose last block hash changed (a replaced chain)', async () => {
    const chain = fakeChain(300, new Map([[10, 1]]))
    const index = new BloomSectionIndex(chain.source)
    await index.sectionBloom(0n, 256n)
    const readsAfterBuild = chain.bloomReads.length
    await index.sectionBloom(0n, 256n)
    expect(chain.bloomReads.length).toBe(readsAfterBuild)
    chain.hashes[255] = Uint8Array.of(9, 9, 9)
    await index.sectionBloom(0n, 256n)
    // Only the last 16-block section changed hash; the other 15 are reused.
    expect(chain.bloomReads.length).toBe(readsAfterBuild + 16)
  })

  it('a query for a topic no block has skips whole sections without reading their blooms', async () => {
    const chain = fakeChain(2000, new Map([[1500, 1]]))
    const source = withSections(chain.source)
    const query = { from: 0n, to: 1999n, criteria: { addresses: [EMITTER], topics: [[topicOf(2)]] } }
    expect(await queryLogs(source, query, unlimited)).toEqual([])
    chain.bloomReads.length = 0
    expect(await queryLogs(source, query, unlimited)).toEqual([])
    // 2,000 blocks are 125 sections of 16: no block bloom is read at all.
    expect(chain.bloomReads).toEqual([])
    // Inside the emitting block's 16-block section (1488–1503) only the block with logs is read.
    const emitted = { ...query, criteria: { addresses: [EMITTER], topics: [[topicOf(1)]] } }
    expect((await queryLogs(source, emitted, unlimited)).map((l) => l.blockNumber)).toEqual([1500n])
    expect(chain.bloomReads).toEqual([1500n])
  })

  it('finds the same logs with sections as without, across section borders', async () => {
    const logAt = new Map([
      [0, 1],
      [255, 1],
      [256, 2],
      [700, 1],
      [1023, 1],
      [1999, 1],
    ])
    const chain = fakeChain(2000, logAt)
    const query = { from: 100n, to: 1999n, criteria: { addresses: [], topics: [[topicOf(1)]] } }
    const plain = await queryLogs(chain.source, query, unlimited)
    const sectioned = await queryLogs(withSections(chain.source), query, unlimited)
    expect(sectioned.map((l) => l.blockNumber)).toEqual([255n, 700n, 1023n, 1999n])
    expect(sectioned).toEqual(plain)
  })

  it('finds what a scan of every block finds, for any logs, range and topic', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.tuple(fc.nat(4999), fc.integer({ min: 1, max: 4 })), { maxLength: 60 }),
        fc.nat(5000),
        fc.nat(5000),
        fc.integer({ min: 1, max: 4 }),
        async (length, logs, a, b, topic) => {
          const chain = fakeChain(length, new Map(logs.filter(([n]) => n < length)))
          const query = {
            from: BigInt(Math.min(a, b)),
            to: BigInt(Math.max(a, b)),
            criteria: { addresses: [], topics: [[topicOf(topic)]] },
          }
          const plain = await queryLogs(chain.source, query, unlimited)
          expect(await queryLogs(withSections(chain.source), query, unlimited)).toEqual(plain)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('keeps the from-after-to quirk: only the `to` block is scanned', async () => {
    const chain = fakeChain(
      2000,
      new Map([
        [256, 1],
        [600, 1],
      ]),
    )
    const query = { from: 900n, to: 256n, criteria: { addresses: [], topics: [[topicOf(1)]] } }
    const logs = await queryLogs(withSections(chain.source), query, unlimited)
    expect(logs.map((l) => l.blockNumber)).toEqual([256n])
  })

  it('answers from in-memory reads without an async read per block, with the same logs', async () => {
    const logAt = new Map([
      [3, 1],
      [255, 1],
      [256, 2],
      [777, 1],
      [1999, 1],
    ])
    const chain = fakeChain(2000, logAt)
    const index = new BloomSectionIndex(chain.source)
    const asyncReads: string[] = []
    const cached: BlockLogSource = {
      bloom: (n) => {
        asyncReads.push(`bloom ${n}`)
        return chain.source.bloom(n)
      },
      logs: (n) => {
        asyncReads.push(`logs ${n}`)
        return chain.source.logs(n)
      },
      sectionBloom: (start, size) => {
        asyncReads.push(`section ${start}`)
        return index.sectionBloom(start, size)
      },
      cachedBloom: (n) => (n <= 1999n ? logsBloom(chainLogs(chain, n)) : undefined),
      cachedLogs: (n) => chainLogs(chain, n),
      cachedSectionBloom: (start, size) => index.cachedSectionBloom(start, size),
    }
    const query = { from: 0n, to: 1999n, criteria: { addresses: [], topics: [[topicOf(1)]] } }
    const expected = await queryLogs(chain.source, query, unlimited)
    expect(expected.map((l) => l.blockNumber)).toEqual([3n, 255n, 777n, 1999n])
    // The first query builds the sections (async); the second finds everything in memory.
    expect(await queryLogs(cached, query, unlimited)).toEqual(expected)
    asyncReads.length = 0
    expect(await queryLogs(cached, query, unlimited)).toEqual(expected)
    expect(asyncReads).toEqual([])
    // A replaced block (a revert drops the sections above it) makes its sections be rebuilt
    // through the async reads.
    chain.hashes[255] = Uint8Array.of(9, 9, 9)
    index.forgetAbove(254n)
    const replaced = await queryLogs(cached, query, unlimited)
    expect(replaced.map((l) => l.blockNumber)).toEqual([3n, 255n, 777n, 1999n])
    expect(asyncReads).toContain('section 0')
  })
})

/** The logs `chain.source.logs` resolves to, read synchronously through the same fake. */
function chainLogs(chain: ReturnType<typeof fakeChain>, n: bigint): LogView[] {
  return chain.syncLogs(n)
}
