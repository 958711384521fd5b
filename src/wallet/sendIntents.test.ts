import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createIndexedDbStore } from '../core/storage/indexedDbStore.js'
import { createMemoryStore } from '../core/storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../core/storage/types.js'
import type { Hex } from '../core/util/hex.js'
import { chainStoreIntents, MAX_INTENTS, type SendIntent, walletStoreIntents } from './sendIntents.js'
import { createMemoryWalletStore } from './store.js'

const intent = (i: number): SendIntent => ({
  id: `page:${i}`,
  raw: `0x${i.toString(16).padStart(4, '0')}` as Hex,
  hash: `0x${i.toString(16).padStart(64, '0')}` as Hex,
})

async function recordAll(intents: ReturnType<typeof chainStoreIntents>, from: number, to: number) {
  for (let i = from; i < to; i++) await (await intents.record('regtest', intent(i))).durable
}

describe("send intents in the network's chain store", () => {
  it('finds an intent by request id, keeps the newest 64 and goes on numbering after a restart', async () => {
    const chain = createMemoryStore()
    const fallback = walletStoreIntents(createMemoryWalletStore())
    const first = chainStoreIntents(async () => chain, fallback)
    await recordAll(first, 0, 40)
    expect(await first.find('regtest', 'page:7')).toEqual(intent(7))
    // A new worker: numbering resumes after the newest record instead of overwriting it.
    const second = chainStoreIntents(async () => chain, fallback)
    await recordAll(second, 40, 70)
    expect(await second.find('regtest', 'page:5')).toBeUndefined()
    expect(await second.find('regtest', 'page:6')).toEqual(intent(6))
    expect(await second.find('regtest', 'page:69')).toEqual(intent(69))
    const rows = await chain.range({ gte: 'host:wallet-intent:', lt: 'host:wallet-intent;' })
    expect(rows).toHaveLength(MAX_INTENTS)
  })

  it('costs one record a send: the newest 64 in a ring, each overwriting the one 64 before it', async () => {
    const chain = createMemoryStore()
    const batches: KvOperation[][] = []
    const recording: KeyValueStore = {
      ...chain,
      batch: (ops) => {
        batches.push(ops)
        return chain.batch(ops)
      },
    }
    const intents = chainStoreIntents(async () => recording, walletStoreIntents(createMemoryWalletStore()))
    await recordAll(intents, 0, 100)
    expect(batches).toHaveLength(100)
    expect(batches.every((ops) => ops.length === 1 && ops[0]!.type === 'put')).toBe(true)
    expect(await chain.range({ gte: 'host:wallet-intent:', lt: 'host:wallet-intent;' })).toHaveLength(
      MAX_INTENTS,
    )
    expect(await intents.find('regtest', 'page:35')).toBeUndefined()
    expect(await intents.find('regtest', 'page:36')).toEqual(intent(36))
  })

  it('reads intents numbered by an earlier version, numbers on above them and deletes them once', async () => {
    const chain = createMemoryStore()
    const numbered = (i: number) => `host:wallet-intent:${String(i + 1).padStart(12, '0')}`
    await chain.batch(
      [0, 1, 2].map((i) => ({
        type: 'put' as const,
        key: numbered(i),
        value: new TextEncoder().encode(JSON.stringify(intent(i))),
      })),
    )
    const intents = chainStoreIntents(async () => chain, walletStoreIntents(createMemoryWalletStore()))
    expect(await intents.find('regtest', 'page:1')).toEqual(intent(1))
    await recordAll(intents, 3, 5)
    const keys = (await chain.range({ gte: 'host:wallet-intent:', lt: 'host:wallet-intent;' })).map(
      ([k]) => k,
    )
    // Numbers 4 and 5 (above the three read), in their slots; the numbered records are gone.
    expect(keys).toEqual(['host:wallet-intent:s04', 'host:wallet-intent:s05'])
    expect(await intents.find('regtest', 'page:4')).toEqual(intent(4))
  })

  it('is durable once a block written after it is, even if the worker dies before compacting', async () => {
    const factory = new IDBFactory()
    const open = () =>
      createIndexedDbStore({
        indexedDB: factory,
        keyRange: IDBKeyRange,
        name: 'chain',
        scheduleCompaction: () => {},
      })
    const store: KeyValueStore = await open()
    const intents = chainStoreIntents(async () => store, walletStoreIntents(createMemoryWalletStore()))
    // What the wallet does: issue the intent, send at once, answer once the block is durable.
    const { durable } = await intents.record('regtest', intent(3))
    await store.batch([{ type: 'put', key: 'b:1', value: Uint8Array.of(1) }])
    // Killed here, without awaiting `durable` or closing: a new worker opens the database.
    const reopened = await open()
    const after = chainStoreIntents(async () => reopened, walletStoreIntents(createMemoryWalletStore()))
    expect(await reopened.get('b:1')).toEqual(Uint8Array.of(1))
    expect(await after.find('regtest', 'page:3')).toEqual(intent(3))
    await durable
  })

  it('uses the fallback for a node without a store, which must be awaited before sending', async () => {
    const fallback = walletStoreIntents(createMemoryWalletStore())
    const intents = chainStoreIntents(async () => undefined, fallback)
    const recorded = await intents.record('regtest', intent(9))
    expect(recorded.orderedWithChain).toBe(false)
    await recorded.durable
    expect(await intents.find('regtest', 'page:9')).toEqual(intent(9))
    expect(await fallback.find('regtest', 'page:9')).toEqual(intent(9))
  })
})
