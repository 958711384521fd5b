import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../../storage/types.js'
import { bytesToHex } from '../../util/hex.js'
import type { Engine } from './engine.js'

const START = 1_700_000_000_000

async function contents(store: KeyValueStore): Promise<Map<string, string>> {
  const rows = await store.range({})
  return new Map(rows.map(([key, value]) => [key, bytesToHex(value)]))
}

async function chainOf(storage: KeyValueStore) {
  const clock = createManualClock(START)
  const node = await createNode({ network: 'regtest', storage, clock })
  return { node, engine: node.engine as Engine }
}

describe('a run of empty blocks', () => {
  // 1,100 blocks cross block 449 (fork detection data from ancestors up to 448 blocks back, some
  // of them sealed in the same batch), two batches and a completed 256-block log section.
  it('stores exactly what mining the blocks one at a time stores', async () => {
    const one = await chainOf(createMemoryStore())
    const run = await chainOf(createMemoryStore())
    await one.engine.mineBlocks(1100)
    await run.engine.mutex.run(() => run.engine.mineRun(1100))
    expect(run.engine.head.hashHex).toBe(one.engine.head.hashHex)
    expect(await contents(run.engine.kv)).toEqual(await contents(one.engine.kv))
    // and the chain goes on from there the same way
    await one.engine.mineBlocks(3)
    await run.engine.mine(3)
    expect(run.engine.head.hashHex).toBe(one.engine.head.hashHex)
  })

  it('leaves the chain at its head when the batch cannot be written, and mines on', async () => {
    const storage = createMemoryStore()
    let refuse = false
    const failing: KeyValueStore = {
      ...storage,
      get: (key) => storage.get(key),
      getSync: storage.getSync && ((key) => storage.getSync?.(key)),
      put: (key, value) => storage.put(key, value),
      delete: (key) => storage.delete(key),
      range: (range) => storage.range(range),
      batch: (ops: KvOperation[]) => (refuse ? Promise.reject(new Error('disk full')) : storage.batch(ops)),
      close: () => storage.close(),
    }
    const { engine } = await chainOf(failing)
    await engine.mineBlocks(500)
    const before = engine.head
    refuse = true
    await expect(engine.mutex.run(() => engine.mineRun(100))).rejects.toThrow('disk full')
    expect(engine.head).toBe(before)
    expect(await engine.reader.blockByNumber(501n)).toBeUndefined()
    refuse = false
    // The blocks mined after the failure are built on the stored head, ancestors included.
    const reference = await chainOf(createMemoryStore())
    await reference.engine.mineBlocks(520)
    await engine.mutex.run(() => engine.mineRun(20))
    expect(engine.head.hashHex).toBe(reference.engine.head.hashHex)
  })
})
