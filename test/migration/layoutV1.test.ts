/**
 * A chain written by the storage layout of commit aa2d660 (layout v1: `lb:` blooms, `meta:head`,
 * trie nodes `t:`, flat state `sa:`/`ss:`/`sc:`/`sk:`, log sections `ls…`, pool `p:`, settings and
 * filters under `meta:`) opens with the current code over each store the node runs on, answers
 * every recorded request exactly as the old code did, continues (the new blocks are the old
 * code's blocks), and keeps everything across restarts. Fixture: test/fixtures/layout-v1, made by
 * scripts/make-layout-v1-fixture.ts.
 */
import 'fake-indexeddb/auto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterAll, describe, expect, test } from 'vitest'
import { createIndexedDbStore } from '../../src/core/storage/indexedDbStore.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../../src/core/storage/types.js'
import { openLevelStore } from '../../src/server/storage/levelStore.js'
import {
  ask,
  type Backend,
  expected,
  expectedResponse,
  fixtureEntries,
  fixturePuts,
  isFilterStep,
  keptOpen,
  openNode,
  replay,
  type Step,
} from './layoutV1Fixture.js'

const temporaryDirectories: string[] = []
afterAll(async () => {
  for (const dir of temporaryDirectories) await rm(dir, { recursive: true, force: true })
})

/** A memory store holding the fixture; the node's close leaves it open for the next node. */
function memoryBackend(): Backend & { store: KeyValueStore } {
  const store = createMemoryStore()
  return {
    store,
    async open() {
      await store.batch(fixturePuts())
      return keptOpen(store)
    },
    reopen: async () => keptOpen(store),
  }
}

/** The extension's store: IndexedDB (fake-indexeddb), loaded, closed, then opened as a host would. */
function indexedDbBackend(): Backend {
  const factory = new IDBFactory()
  const open = () =>
    createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'chain-regtest' })
  return {
    async open() {
      const loading = await open()
      await loading.batch(fixturePuts())
      await loading.close()
      return open()
    },
    reopen: open,
  }
}

/** The HTTP server's store: LevelDB in a temporary directory. */
function levelBackend(): Backend {
  let path: string | undefined
  const open = () => openLevelStore({ path: path! })
  return {
    async open() {
      const dir = await mkdtemp(join(tmpdir(), 'layout-v1-'))
      temporaryDirectories.push(dir)
      path = join(dir, 'db')
      const loading = await open()
      await loading.batch(fixturePuts())
      await loading.close()
      return open()
    },
    reopen: open,
  }
}

const isRequest = (step: Step) => !('reopen' in step)
const requests = expected.steps.filter(isRequest).length

test('the fixture is a chain in layout v1, with every kind of record that layout writes', () => {
  const keys = fixtureEntries.map(([key]) => key)
  for (const prefix of ['b:', 'lb:', 'bh:', 'tx:', 'p:', 't:', 'sa:', 'ss:', 'sc:', 'sk:', 'ls1:', 'ls2:'])
    expect(
      keys.some((key) => key.startsWith(prefix)),
      prefix,
    ).toBe(true)
  for (const key of ['meta:head', 'meta:settings', 'meta:filters', 'sr']) expect(keys).toContain(key)
  // Head 314 (past one 256-block log section), a pending transaction, filters and a kept snapshot.
  expect(expected.blocks.head).toBe(314)
  expect(keys.filter((key) => key.startsWith('b:'))).toHaveLength(expected.blocks.head + 1)
  expect(keys.filter((key) => key.startsWith('p:'))).toHaveLength(1)
  expect(requests).toBeGreaterThan(500)
})

describe.each([
  ['memory store', memoryBackend],
  ['IndexedDB store', indexedDbBackend],
  ['LevelDB store', levelBackend],
])('a layout-v1 chain in the %s', (_name, makeBackend) => {
  test('answers as the old code, continues, survives restarts and a revert to its snapshot', async () => {
    const backend = makeBackend()
    const node = await replay(backend)
    await node.close()
    // The blocks written since carried the conversion: the old bloom and head records are gone.
    const store = await backend.reopen()
    expect(await store.range({ gte: 'lb:', lt: 'lb;' })).toEqual([])
    expect(await store.get('meta:head')).toBeUndefined()
    await store.close()
  })
})

// ─────────────────────────── an interrupted first open ───────────────────────────

/** The steps before the first one that writes (a filter poll moves its cursor; mining). */
const readOnlySteps = expected.steps.slice(
  0,
  expected.steps.findIndex(
    (step) => !isRequest(step) || isFilterStep(step) || ('method' in step && step.method === 'evm_mine'),
  ),
)

/** Counts writes; from write number `dieAt` on (1-based), every write throws, as a killed host. */
function dying(store: KeyValueStore, dieAt = Number.POSITIVE_INFINITY) {
  let writes = 0
  const write = <T>(run: () => Promise<T>): Promise<T> => {
    if (++writes >= dieAt) return Promise.reject(new Error(`simulated crash at write ${writes}`))
    return run()
  }
  const wrapped: KeyValueStore = {
    get: (key) => store.get(key),
    put: (key, value) => write(() => store.put(key, value)),
    delete: (key) => write(() => store.delete(key)),
    range: (range) => store.range(range),
    batch: (operations: KvOperation[]) => write(() => store.batch(operations)),
    close: async () => undefined,
  }
  if (store.getSync) wrapped.getSync = (key) => store.getSync!(key)
  return { store: wrapped, writes: () => writes }
}

/** Opens and asks the read-only steps, as a host does; failures are the crash's. */
async function openAndRead(store: KeyValueStore, check: boolean): Promise<void> {
  let node: Awaited<ReturnType<typeof openNode>>
  try {
    node = await openNode(store)
  } catch (error) {
    if (check) throw error
    return
  }
  for (const step of readOnlySteps) {
    if (!('method' in step)) continue
    const answer = await ask(node, step.method, step.params).catch(() => undefined)
    if (check) expect(answer, step.method).toEqual(expectedResponse(step))
  }
  await node.close().catch(() => undefined)
}

test('a first open killed at any of its writes (a conversion cut short) opens again and answers the same', async () => {
  // How many writes opening a layout-v1 chain and reading from it makes (0 while nothing converts).
  const healthy = memoryBackend()
  const counting = dying(await healthy.open())
  await openAndRead(counting.store, true)
  const writes = counting.writes()
  // Every cut point up to 12, else 12 spread over the writes, first and last included.
  const cuts =
    writes <= 12
      ? Array.from({ length: writes }, (_, i) => i + 1)
      : Array.from({ length: 12 }, (_, i) => 1 + Math.round((i * (writes - 1)) / 11))
  for (const cut of cuts) {
    const backend = memoryBackend()
    await openAndRead(dying(await backend.open(), cut).store, false)
    // The host starts again on what reached the store: everything answers as before, then continues.
    const node = await replay({ open: backend.reopen, reopen: backend.reopen })
    await node.close()
  }
  expect(cuts.length).toBeLessThanOrEqual(12)
})

// ─────────────────────────── chain dumps ───────────────────────────

/** A store holding the chain `anvil_loadState` loaded from `dump`, on a node that is then closed. */
async function loadedFrom(dump: unknown): Promise<KeyValueStore> {
  const store = createMemoryStore()
  const node = await openNode(keptOpen(store))
  expect(await ask(node, 'anvil_loadState', [dump as string])).toEqual({ result: true })
  await node.close()
  return keptOpen(store)
}

describe('anvil_dumpState / anvil_loadState', () => {
  // Loading drops installed filters: their steps are left out.
  const skip = isFilterStep

  // The old code's dump is the store's entries without the node's own records, in key order
  // (the generator checks that this is what that code's anvil_dumpState answered).
  const oldDump = () => ({
    format: 'rsk-devnode-chain/1',
    chainId: 33,
    headNumber: `0x${expected.blocks.head.toString(16)}`,
    headHash: expected.blocks.headHash,
    entries: fixtureEntries
      .filter(([key]) => key !== 'meta:filters' && key !== 'meta:identity' && !key.startsWith('host:'))
      .map(([key, value]) => [key, `0x${Buffer.from(value).toString('hex')}`]),
  })

  test('a dump the old code made (its anvil_dumpState of this chain) loads and answers the same', async () => {
    const store = await loadedFrom(oldDump())
    const node = await replay({ open: async () => store, reopen: async () => store }, { skip })
    await node.close()
  })

  test("loaded into a node that had finished converting, the dump's old records are converted too", async () => {
    const store = createMemoryStore()
    const node = await openNode(keptOpen(store))
    await ask(node, 'evm_mine') // nothing of the old layout here: the conversion is done
    expect(await ask(node, 'anvil_loadState', [oldDump() as unknown as string])).toEqual({ result: true })
    expect((await store.range({ gte: 'lb:', lt: 'lb;' })).length).toBe(expected.blocks.head + 1)
    for (let i = 0; i < 3; i++) await ask(node, 'evm_mine')
    expect(await store.range({ gte: 'lb:', lt: 'lb;' })).toEqual([])
    expect(await store.get('meta:head')).toBeUndefined()
    await node.close()
  })

  test('the converted chain round-trips through a dump: loaded elsewhere it answers the same', async () => {
    const node = await openNode(await memoryBackend().open())
    const { result: dump } = await ask(node, 'anvil_dumpState')
    await node.close()
    expect(typeof dump).toBe('string')
    const store = await loadedFrom(dump)
    // A dump of the loaded chain is the same dump.
    const reloaded = await openNode(store)
    expect(await ask(reloaded, 'anvil_dumpState')).toEqual({ result: dump })
    await reloaded.close()
    const last = await replay({ open: async () => store, reopen: async () => store }, { skip })
    await last.close()
  })
})
