import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import { Engine } from './engine.js'

async function nodeWithBlocks(count: number) {
  const storage = createMemoryStore()
  const clock = createManualClock(1_700_000_000_000)
  const node = await createNode({ network: 'regtest', storage, clock })
  const engine = node.engine as Engine
  await engine.mineBlocks(count)
  return { node, engine, storage, clock }
}

describe('ChainReader caches', () => {
  it('keeps the 256 hashes BLOCKHASH reads while whole blocks beyond the recent window come from storage', async () => {
    const { engine } = await nodeWithBlocks(300)
    const head = engine.reader.headNumber
    expect(head).toBe(300n)
    for (let n = head - 256n; n <= head; n++) {
      const block = await engine.reader.blockByNumber(n)
      expect(engine.reader.cachedHash(n)).toEqual(block?.hash)
    }
    expect(engine.reader.cachedHash(head - 258n)).toBeUndefined()
    // An old block is read back from storage and is the same block as stored.
    const old = await engine.reader.blockByNumber(5n)
    expect(old?.header.number).toBe(5n)
    expect(engine.reader.cachedBlock(5n)).toBe(old)
    expect(await engine.reader.blockByHash(old!.hash)).toBe(old)
  })

  it('finds the recent hashes again after a restart once the blocks have been read', async () => {
    const { engine, storage, clock } = await nodeWithBlocks(20)
    const hashes = await Promise.all(
      Array.from({ length: 21 }, async (_, n) => (await engine.reader.blockByNumber(BigInt(n)))!.hash),
    )
    const reopened = await Engine.open({
      network: engine.network,
      storage,
      clock,
      random: (length) => new Uint8Array(length),
      precompiles: new Map(),
    })
    for (let n = 0; n <= 20; n++) await reopened.reader.blockByNumber(BigInt(n))
    for (let n = 0; n <= 20; n++) expect(reopened.reader.cachedHash(BigInt(n))).toEqual(hashes[n])
  })
})
