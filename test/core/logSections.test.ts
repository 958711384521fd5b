// Bloom sections stored with the chain (src/core/node/engine/logSectionRecords.ts): what a block
// that completes a section writes, that a query uses them instead of block blooms (after a restart
// too), that a revert leaves no stale section behind, and that a chain without them still answers.
import fc from 'fast-check'
import { encodeFunctionData, keccak256, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode } from '../../src/core/createNode.js'
import type { Engine } from '../../src/core/node/engine/engine.js'
import { keys } from '../../src/core/node/engine/keys.js'
import { decodeLogSection } from '../../src/core/node/engine/logSectionRecords.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, bytesToHex, hexToBytes } from '../../src/core/util/hex.js'
import { getArtifact } from '../fixtures/contracts/index.js'

const emitter = getArtifact('EventEmitter')
const cow = COW_ACCOUNTS[0]!
const NOTHING = `0x${'ab'.repeat(32)}`

/**
 * A memory store that counts the block-bloom reads made through it: the header in the block
 * record holds the bloom, and the chain reader reads blooms alone with `getSync` or a forward
 * range of block records (a block itself, for its logs or its header, it reads with `get`);
 * without `getSync` when `sync` is false, as the LevelDB and IndexedDB stores are.
 */
function countingStore(inner: KeyValueStore = createMemoryStore(), sync = true) {
  const counts = { bloomReads: 0, sectionReads: 0, bloomsRead: [] as number[] }
  const readBloom = (key: string) => {
    counts.bloomReads++
    counts.bloomsRead.push(Number.parseInt(key.slice(keys.blockPrefix.length), 16))
  }
  const store: KeyValueStore = {
    ...inner,
    get: (key) => inner.get(key),
    getSync:
      sync && inner.getSync
        ? (key) => {
            if (key.startsWith(keys.blockPrefix)) readBloom(key)
            return inner.getSync!(key)
          }
        : undefined,
    put: (key, value) => inner.put(key, value),
    delete: (key) => inner.delete(key),
    batch: (ops) => inner.batch(ops),
    close: () => inner.close(),
    range: async (range) => {
      if (range.gte?.startsWith('ls')) counts.sectionReads++
      const rows = await inner.range(range)
      if (range.gte?.startsWith(keys.blockPrefix) && !range.reverse) {
        counts.bloomReads++
        for (const [key] of rows)
          counts.bloomsRead.push(Number.parseInt(key.slice(keys.blockPrefix.length), 16))
      }
      return rows
    },
  }
  return { store, inner, counts }
}

/** A node on `storage`; `deploy` first deploys the emitter (a new chain), else `address` is given. */
async function chainOn(storage: KeyValueStore, existing?: Address) {
  const node = await createNode({ network: 'regtest', storage, clock: createManualClock() })
  const engine = node.engine as Engine
  let id = 0
  const call = async (method: string, params: unknown[] = []) => {
    const r = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: { message: string }
    }
    if (r.error) throw new Error(`${method}: ${r.error.message}`)
    return r.result as never
  }
  const nonceOf = async () => BigInt(await call('eth_getTransactionCount', [cow.address, 'latest']))
  const send = async (fields: { to?: Address; data: Uint8Array }) => {
    const tx = signTransaction(
      {
        nonce: await nonceOf(),
        gasPrice: node.network.minimumGasPrice,
        gasLimit: 3_000_000n,
        to: fields.to,
        value: 0n,
        data: fields.data,
      },
      hexToBytes(cow.privateKey),
      node.network.chainId,
    )
    return call('eth_sendRawTransaction', [bytesToHex(tx.raw)]) as Promise<string>
  }
  let contractAddress = existing
  if (!contractAddress) {
    const deployed = await send({ data: hexToBytes(emitter.bytecode) })
    ;({ contractAddress } = (await call('eth_getTransactionReceipt', [deployed])) as {
      contractAddress: Address
    })
  }
  const emit = async (id: bigint) =>
    send({
      to: contractAddress,
      data: hexToBytes(encodeFunctionData({ abi: emitter.abi, functionName: 'emitCounted', args: [id] })),
    })
  const mineTo = async (n: number) => {
    const head = Number(await call('eth_blockNumber'))
    if (n > head) await call('anvil_mine', [`0x${(n - head).toString(16)}`])
  }
  /** Mines up to block `n - 1`, then a log in block `n` (with `id`, else `n`). */
  const emitAt = async (n: number, id = n) => {
    await mineTo(n - 1)
    await emit(BigInt(id))
  }
  const logs = (fromBlock: number, toBlock: number, filter: Record<string, unknown>) =>
    call('eth_getLogs', [
      { fromBlock: `0x${fromBlock.toString(16)}`, toBlock: `0x${toBlock.toString(16)}`, ...filter },
    ]) as Promise<Array<{ blockNumber: string }>>
  return { node, engine, call, emitAt, mineTo, logs, address: contractAddress }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

async function unionOfBlooms(engine: Engine, from: number, size: number) {
  const union = new Uint8Array(256)
  for (let n = from; n < from + size; n++) {
    const bloom = (await engine.reader.bloom(BigInt(n)))!
    for (let i = 0; i < 256; i++) union[i]! |= bloom[i]!
  }
  return union
}

describe('stored bloom sections', () => {
  test('the block that completes a section stores the union of its blooms; an unfinished section has no record', async () => {
    const { engine, emitAt, mineTo } = await chainOn(createMemoryStore())
    await emitAt(20)
    await emitAt(270)
    await mineTo(300)
    const stored = async (size: bigint, start: bigint) => {
      const value = await engine.kv.get(keys.logSection(size, start))
      return value && decodeLogSection(value).bloom
    }
    expect(await stored(16n, 16n)).toEqual(await unionOfBlooms(engine, 16, 16))
    expect(await stored(256n, 0n)).toEqual(await unionOfBlooms(engine, 0, 256))
    // Block 20's log is in both; the empty section 32..47 is stored empty.
    expect((await stored(16n, 16n))!.some((b) => b !== 0)).toBe(true)
    expect(await engine.kv.get(keys.logSection(16n, 32n))).toEqual(new Uint8Array(0))
    expect(await stored(16n, 256n)).toEqual(await unionOfBlooms(engine, 256, 16))
    // Block 303 would complete 288..303: not mined yet.
    expect(await stored(16n, 288n)).toBeUndefined()
    expect(await stored(256n, 256n)).toBeUndefined()
  })

  test.each([
    ['read at once', true],
    ['read through promises', false],
  ])(
    'a query that matches nothing reads no block bloom of complete sections, before and after a restart (%s)',
    async (_, sync) => {
      const { store, inner, counts } = countingStore(createMemoryStore(), sync)
      const { logs, mineTo, emitAt, address } = await chainOn(store)
      await emitAt(1000)
      await mineTo(4200)
      counts.bloomReads = 0
      expect(await logs(0, 4095, { topics: [NOTHING] })).toEqual([])
      expect(counts.bloomReads).toBe(0)
      expect((await logs(0, 4200, { address })).map((l) => Number(l.blockNumber))).toEqual([1000])

      // A second node opened on the same store: nothing of the first one's memory.
      const reopened = countingStore(inner, sync)
      const again = await chainOn(reopened.store, address)
      expect(await again.logs(0, 4095, { topics: [NOTHING] })).toEqual([])
      expect(reopened.counts.bloomReads).toBe(0)
      expect((await again.logs(0, 4200, { address })).map((l) => Number(l.blockNumber))).toEqual([1000])
    },
  )

  test.each([
    ['read at once', true],
    ['read through promises', false],
  ])(
    'a query for logs in a few blocks reads the blooms of those blocks only, not of every block in their sections (%s)',
    async (_, sync) => {
      const { store, inner } = countingStore(createMemoryStore(), sync)
      const { emitAt, mineTo, address } = await chainOn(store)
      await emitAt(1000)
      await emitAt(3000)
      await mineTo(4207) // every block in a complete 16-block section
      const reopened = countingStore(inner, sync)
      const again = await chainOn(reopened.store, address)
      expect((await again.logs(0, 4207, { address })).map((l) => Number(l.blockNumber))).toEqual([1000, 3000])
      // A store read at once reads just those two; one read through promises reads the rest of
      // their 16-block sections with them (one read each).
      if (sync) expect(reopened.counts.bloomsRead).toEqual([1000, 3000])
      else expect(reopened.counts.bloomsRead).toEqual([...range(1000, 1008), ...range(3000, 3008)])
    },
  )

  test('a revert removes the sections of the blocks it removes, and the re-mined chain stores its own', async () => {
    const { call, engine, emitAt, mineTo, logs, address } = await chainOn(createMemoryStore())
    await mineTo(5)
    const snapshot = await call('evm_snapshot')
    await mineTo(40) // sections 0..15 and 16..31 stored, both without logs
    expect(await engine.kv.get(keys.logSection(16n, 16n))).toEqual(new Uint8Array(0))
    await call('evm_revert', [snapshot])
    expect(await engine.kv.get(keys.logSection(16n, 0n))).toBeUndefined()
    expect(await engine.kv.get(keys.logSection(16n, 16n))).toBeUndefined()
    await emitAt(20)
    await mineTo(40)
    expect((await logs(0, 40, { address })).map((l) => Number(l.blockNumber))).toEqual([20])
    expect((await engine.kv.get(keys.logSection(16n, 16n)))!.length).toBe(258)
  })

  test('a chain written without section records still finds every log', async () => {
    const { inner, store } = countingStore()
    const { emitAt, mineTo, address } = await chainOn(store)
    await emitAt(300)
    await emitAt(4100)
    await mineTo(4400)
    const sections = (await inner.range({ gte: 'ls', lt: 'lt' })).map(([key]) => key)
    expect(sections.length).toBeGreaterThan(270)
    await inner.batch(sections.map((key) => ({ type: 'delete' as const, key })))
    const reopened = await chainOn(inner, address)
    expect((await reopened.logs(0, 4400, { address })).map((l) => Number(l.blockNumber))).toEqual([300, 4100])
    expect(await reopened.logs(0, 4400, { topics: [NOTHING] })).toEqual([])
  })
})

/** What the chain was asked to hold: one Counted log per block, with its id. */
interface ModelLog {
  block: number
  id: number
}

const idTopic = (id: number) => `0x${id.toString(16).padStart(64, '0')}`
const COUNTED = keccak256(toHex('Counted(uint256)'))

type Operation =
  | { kind: 'emit'; gap: number; id: number }
  | { kind: 'mine'; count: number }
  | { kind: 'snapshot' }
  | { kind: 'revert' }
  | { kind: 'reopen' }

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('emit' as const),
      gap: fc.oneof(fc.nat(20), fc.integer({ min: 100, max: 1500 })),
      id: fc.nat(3),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('mine' as const), count: fc.integer({ min: 1, max: 2000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'revert' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
)

/** The model's logs in `from … to` that a filter on ids `ids` (all when undefined) keeps, as the node lists them. */
function expectedLogs(model: ModelLog[], from: number, to: number, ids?: number[]) {
  return model
    .filter((log) => log.block >= from && log.block <= to && (!ids || ids.includes(log.id)))
    .sort((a, b) => a.block - b.block)
    .map((log) => [log.block, log.id])
}

/** Sizes up to this many blocks: sections of 16, 256 and 4,096 are completed, written and reverted. */
const MAX_HEAD = 4700

describe('log queries over stored sections, against the logs the chain was given', () => {
  test('every range and filter finds exactly the emitted logs, across empty runs, reverts and reopening', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 3, maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(MAX_HEAD), fc.nat(MAX_HEAD), fc.subarray([0, 1, 2, 3], { minLength: 1 })), {
          minLength: 3,
          maxLength: 3,
        }),
        async (operations, sync, ranges) => {
          const { store, inner } = countingStore(createMemoryStore(), sync)
          let chain = await chainOn(store)
          let model: ModelLog[] = []
          const snapshots: { id: string; head: number }[] = []
          const head = async () => Number(await chain.call('eth_blockNumber'))
          for (const op of operations) {
            const at = await head()
            if (op.kind === 'emit' && at + op.gap + 1 <= MAX_HEAD) {
              await chain.mineTo(at + op.gap)
              await chain.emitAt(at + op.gap + 1, op.id)
              model.push({ block: at + op.gap + 1, id: op.id })
            } else if (op.kind === 'mine' && at + op.count <= MAX_HEAD) await chain.mineTo(at + op.count)
            else if (op.kind === 'snapshot')
              snapshots.push({ id: await chain.call('evm_snapshot'), head: at })
            else if (op.kind === 'revert' && snapshots.length > 0) {
              const snapshot = snapshots.pop()!
              expect(await chain.call('evm_revert', [snapshot.id])).toBe(true)
              model = model.filter((log) => log.block <= snapshot.head)
            } else if (op.kind === 'reopen')
              chain = await chainOn(countingStore(inner, sync).store, chain.address)
          }
          const last = await head()
          const found = async (from: number, to: number, filter: Record<string, unknown>) =>
            (await chain.logs(from, to, filter)).map((log) => [
              Number(log.blockNumber),
              Number((log as unknown as { topics: string[] }).topics[1]),
            ])
          expect(await found(0, last, { address: chain.address })).toEqual(expectedLogs(model, 0, last))
          expect(await found(0, last, { topics: [NOTHING] })).toEqual([])
          for (const [a, b, ids] of ranges) {
            const from = Math.min(a, b, last)
            const to = Math.min(Math.max(a, b), last)
            expect(
              await found(from, to, { address: chain.address, topics: [COUNTED, ids.map(idTopic)] }),
            ).toEqual(expectedLogs(model, from, to, ids))
            expect(await found(from, to, { topics: [null, idTopic(ids[0]!)] })).toEqual(
              expectedLogs(model, from, to, [ids[0]!]),
            )
          }
        },
      ),
      { numRuns: 6 },
    )
  })

  test('a chain whose section records predate the parts they list still finds every log', async () => {
    const { inner, store } = countingStore()
    const { emitAt, mineTo, address } = await chainOn(store)
    await emitAt(300)
    await emitAt(4100)
    await mineTo(4400)
    // Records as they were written before: the union bloom alone.
    const sections = await inner.range({ gte: 'ls', lt: 'lt' })
    const withLogs = sections.filter(([, value]) => value.length > 0)
    expect(withLogs.map(([, value]) => value.length)).toEqual(withLogs.map(() => 258))
    await inner.batch(
      withLogs.map(([key, value]) => ({ type: 'put' as const, key, value: value.subarray(0, 256) })),
    )
    const reopened = await chainOn(inner, address)
    expect((await reopened.logs(0, 4400, { address })).map((l) => Number(l.blockNumber))).toEqual([300, 4100])
    expect((await reopened.logs(290, 4200, { address })).map((l) => Number(l.blockNumber))).toEqual([
      300, 4100,
    ])
  })
})
