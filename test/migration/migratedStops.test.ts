/**
 * A chain written by the previous storage layout (layout v1, test/fixtures/layout-v1) in the
 * extension's store, IndexedDB (fake-indexeddb), loses nothing acknowledged when the worker stops
 * without closing it while the chain converts. A stopped worker is a store dropped without
 * `close`: the batches it acknowledged are journal records (batchJournal.ts), compacted into `kv`
 * or not; the next worker opens a new store object over the same IDBFactory. The conversion's
 * deletes (`lb:` blooms, `meta:head`, 256 a batch: legacyLayout.ts) ride on the blocks' batches,
 * so each acknowledged block carries its share, and a conversion cut by a stop resumes with the
 * next block.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import type { DevNode } from '../../src/core/createNode.js'
import { LEGACY_DELETES_PER_BATCH } from '../../src/core/node/engine/legacyLayout.js'
import { createIndexedDbStore } from '../../src/core/storage/indexedDbStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import {
  ask,
  expected,
  expectedResponse,
  fixtureEntries,
  fixturePuts,
  openNode,
  type Step,
} from './layoutV1Fixture.js'

const NAME = 'rsk-devnode/regtest'
const HEAD = expected.blocks.head
const LEGACY_BLOOMS = fixtureEntries.filter(([key]) => key.startsWith('lb:')).length
const RECIPIENT = '0x00000000000000000000000000000000000000c1'
const hex = (n: number) => `0x${n.toString(16)}`

type Request = Extract<Step, { method: string }>
const isRequest = (step: Step): step is Request => 'method' in step
const indexOf = (method: string) =>
  expected.steps.findIndex((step) => isRequest(step) && step.method === method)
/** The recorded answers no new block changes (old blocks, receipts, traces, proofs, old state, logs). */
const oldSteps = expected.steps.slice(0, indexOf('eth_blockNumber')).filter(isRequest)
/** The head, latest state (with the unmined edits), the pending transaction and manual mining. */
const headSteps = expected.steps
  .slice(indexOf('eth_blockNumber'), indexOf('eth_getFilterChanges'))
  .filter(isRequest)

/** When a worker compacts: never (stopped first), or as soon as a batch committed. */
type Compaction = 'never' | 'at once'

/** The chain's store as a worker opens it (the journal a stopped worker left is loaded). */
function openStore(factory: IDBFactory, compaction: Compaction): Promise<KeyValueStore> {
  return createIndexedDbStore({
    indexedDB: factory,
    keyRange: IDBKeyRange,
    name: NAME,
    durability: 'relaxed',
    ...(compaction === 'never' ? { scheduleCompaction: () => {} } : {}),
  })
}

/** A browser profile whose chain database holds the fixture, written and closed by an old worker. */
async function profileWithFixture(): Promise<IDBFactory> {
  const factory = new IDBFactory()
  const store = await openStore(factory, 'at once')
  await store.batch(fixturePuts())
  await store.close()
  return factory
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** The database's own object stores, outside any store object: `kv` and the journal's records. */
async function onDisk(factory: IDBFactory) {
  const db = await result(factory.open(NAME))
  try {
    const tx = db.transaction(['kv', 'journal'], 'readonly')
    const kv = tx.objectStore('kv')
    const [blooms, head, journal] = await Promise.all([
      result(kv.count(IDBKeyRange.bound('lb:', 'lb;', false, true))),
      result(kv.get('meta:head')),
      result(tx.objectStore('journal').count()),
    ])
    return { blooms, head: head !== undefined, journaled: journal > 0 }
  } finally {
    db.close()
  }
}

/** What a worker opening the database now reads (journal included). */
async function seen(factory: IDBFactory) {
  const store = await openStore(factory, 'never')
  return {
    blooms: (await store.range({ gte: 'lb:', lt: 'lb;' })).length,
    head: await store.get('meta:head'),
    stateRoot: await store.get('sr'),
    blocks: (await store.range({ gte: 'b:', lt: 'b;' })).length,
  }
}

/** Waits until the compaction a worker started has reached `kv` and emptied the journal. */
async function compacted(factory: IDBFactory): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!(await onDisk(factory)).journaled) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the journal was never compacted')
}

async function call<T = unknown>(node: DevNode, method: string, params: unknown[] = []): Promise<T> {
  const reply = await ask(node, method, params as never)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

async function expectSteps(node: DevNode, steps: readonly Request[]) {
  for (const step of steps)
    expect(
      await ask(node, step.method, step.params),
      `${step.method} ${JSON.stringify(step.params)}`,
    ).toEqual(expectedResponse(step))
}

/** Everything a chain's workers acknowledged: its blocks' hashes, its transactions' blocks. */
class Acknowledged {
  head = HEAD
  readonly blocks = new Map<number, string>()
  readonly transactions = new Map<string, number>()
  transferred = 0n

  /** Mines one block (evm_mine) and records it, with the transactions it says it holds. */
  async mine(node: DevNode, sent: readonly string[]): Promise<void> {
    expect(await call(node, 'evm_mine')).toBeNull()
    const block = await call<{ number: string; hash: string; transactions: string[] }>(
      node,
      'eth_getBlockByNumber',
      ['latest', false],
    )
    expect(Number(block.number)).toBe(this.head + 1)
    expect(block.transactions).toEqual(expect.arrayContaining([...sent]))
    this.head++
    this.blocks.set(this.head, block.hash)
    for (const hash of sent) this.transactions.set(hash, this.head)
  }

  async transfer(node: DevNode, from: string, value: bigint): Promise<string> {
    const hash = await call<string>(node, 'eth_sendTransaction', [
      { from, to: RECIPIENT, value: hex(Number(value)) },
    ])
    this.transferred += value
    return hash
  }

  async check(node: DevNode): Promise<void> {
    expect(Number(await call<string>(node, 'eth_blockNumber'))).toBe(this.head)
    for (const [number, hash] of this.blocks)
      expect((await call<{ hash: string }>(node, 'eth_getBlockByNumber', [hex(number), false])).hash).toBe(
        hash,
      )
    for (const [hash, number] of this.transactions) {
      const receipt = await call<{ blockNumber: string; blockHash: string }>(
        node,
        'eth_getTransactionReceipt',
        [hash],
      )
      expect(receipt, hash).toMatchObject({ blockNumber: hex(number), status: '0x1' })
      if (this.blocks.has(number)) expect(receipt.blockHash).toBe(this.blocks.get(number))
    }
    expect(BigInt(await call<string>(node, 'eth_getBalance', [RECIPIENT, 'latest']))).toBe(this.transferred)
  }
}

describe('a layout-v1 chain in IndexedDB: nothing acknowledged is lost when the worker stops without closing', () => {
  test('the fixture fills more than one conversion batch', () => {
    expect(LEGACY_BLOOMS).toBe(HEAD + 1)
    expect(LEGACY_BLOOMS).toBeGreaterThan(LEGACY_DELETES_PER_BATCH)
    expect(LEGACY_BLOOMS).toBeLessThan(2 * LEGACY_DELETES_PER_BATCH)
  })

  test('stopped before compacting, three times: the journal alone carries the blocks and the conversion', async () => {
    const factory = await profileWithFixture()
    const acknowledged = new Acknowledged()

    // Worker 1: answers as the old code, mines the pending transaction, stops.
    let node = await openNode(await openStore(factory, 'never'))
    await expectSteps(node, oldSteps)
    await expectSteps(node, headSteps)
    await acknowledged.mine(node, [expected.pending])
    // Nothing reached `kv`: the block and the first share of the conversion are in the journal only.
    expect(await onDisk(factory)).toEqual({ blooms: LEGACY_BLOOMS, head: true, journaled: true })
    expect(await seen(factory)).toEqual({
      blooms: LEGACY_BLOOMS - LEGACY_DELETES_PER_BATCH,
      head: undefined,
      stateRoot: undefined,
      blocks: HEAD + 2,
    })

    // Worker 2: everything there; two transfers in one block, which carries the rest; stops.
    node = await openNode(await openStore(factory, 'never'))
    await acknowledged.check(node)
    await expectSteps(node, oldSteps)
    const sent = [
      await acknowledged.transfer(node, expected.accounts.a1, 1000n),
      await acknowledged.transfer(node, expected.accounts.a0, 2000n),
    ]
    await acknowledged.mine(node, sent)
    expect(await onDisk(factory)).toEqual({ blooms: LEGACY_BLOOMS, head: true, journaled: true })
    expect(await seen(factory)).toMatchObject({ blooms: 0, head: undefined, blocks: HEAD + 3 })

    // Worker 3: automine on; a transfer mined by its answer; stops at once.
    node = await openNode(await openStore(factory, 'never'))
    await acknowledged.check(node)
    expect(await call(node, 'evm_setAutomine', [true])).toBeNull()
    const mined = await acknowledged.transfer(node, expected.accounts.a4, 4000n)
    acknowledged.head++
    acknowledged.transactions.set(mined, acknowledged.head)
    expect(await seen(factory)).toMatchObject({ blooms: 0, head: undefined, blocks: HEAD + 4 })

    // Worker 4 compacts what the others left, and closes.
    node = await openNode(await openStore(factory, 'at once'))
    await acknowledged.check(node)
    expect(await call(node, 'anvil_getAutomine')).toBe(true)
    await expectSteps(node, oldSteps)
    await node.close()
    expect(await onDisk(factory)).toEqual({ blooms: 0, head: false, journaled: false })

    // Worker 5: the same chain from `kv` alone.
    node = await openNode(await openStore(factory, 'at once'))
    await acknowledged.check(node)
    await expectSteps(node, oldSteps)
    await node.close()
  })

  test('stopped after compacting one batch, before compacting the next, and while compacting', async () => {
    const factory = await profileWithFixture()
    const acknowledged = new Acknowledged()

    // Worker 1 compacts its block: the first share of the conversion is in `kv`; it stops.
    let node = await openNode(await openStore(factory, 'at once'))
    await acknowledged.mine(node, [expected.pending])
    await compacted(factory)
    expect(await onDisk(factory)).toEqual({
      blooms: LEGACY_BLOOMS - LEGACY_DELETES_PER_BATCH,
      head: false,
      journaled: false,
    })

    // Worker 2 stops before compacting: the rest of the conversion is in its journal record only.
    node = await openNode(await openStore(factory, 'never'))
    await acknowledged.check(node)
    await acknowledged.mine(node, [await acknowledged.transfer(node, expected.accounts.a1, 1000n)])
    expect(await onDisk(factory)).toEqual({
      blooms: LEGACY_BLOOMS - LEGACY_DELETES_PER_BATCH,
      head: false,
      journaled: true,
    })
    expect(await seen(factory)).toMatchObject({ blooms: 0, head: undefined, blocks: HEAD + 3 })

    // Workers 3-5 compact as soon as a batch committed and stop right after an answer, while that
    // compaction (and the loaded journal's) may still be running.
    for (let worker = 0; worker < 3; worker++) {
      node = await openNode(await openStore(factory, 'at once'))
      await acknowledged.check(node)
      await acknowledged.mine(node, [
        await acknowledged.transfer(node, expected.accounts.a0, 10n + BigInt(worker)),
      ])
    }

    node = await openNode(await openStore(factory, 'at once'))
    await acknowledged.check(node)
    await expectSteps(node, oldSteps)
    await node.close()
    expect(await onDisk(factory)).toEqual({ blooms: 0, head: false, journaled: false })
    expect(await seen(factory)).toEqual({
      blooms: 0,
      head: undefined,
      stateRoot: undefined,
      blocks: HEAD + 6,
    })
  })
})
