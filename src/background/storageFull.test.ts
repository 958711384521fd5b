/**
 * IndexedDB full in the worker: the request whose write was refused answers -32000 "storage
 * full" (also when the wallet's or the log's write hit it, not a DOMException's code 22), the
 * request log gives its room first, panels are told, and wiping a network frees its chain.
 */
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import type { BackgroundToPanel, BackgroundToRelay, RequestLogEntry } from '../shared/protocol.js'
import { createIdbWalletStore, openExtensionDb } from './db.js'
import { createNodeOpener, deleteChainStore, indexedDbChainStores } from './nodeFactory.js'
import { handlePanelExtra } from './panel/panelQueries.js'
import { createRequestLog, LOG_KEPT_WHEN_FULL } from './requestLog.js'
import { createBackgroundService, toErrorPayload } from './service.js'

const originalPut = IDBObjectStore.prototype.put
const originalAdd = IDBObjectStore.prototype.add
const originalDelete = IDBObjectStore.prototype.delete
let full = false

afterEach(() => {
  IDBObjectStore.prototype.put = originalPut
  IDBObjectStore.prototype.add = originalAdd
  IDBObjectStore.prototype.delete = originalDelete
  full = false
})

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

/**
 * Puts and adds are refused while `full`; a delete frees space when `deleteFrees`. With `database`,
 * only that database's stores are affected: what an earlier test left running on its own
 * databases (a compaction's deletes) must not free this test's space.
 */
function simulateQuota({ deleteFrees, database }: { deleteFrees: boolean; database?: string }) {
  const affects = (store: IDBObjectStore) => database === undefined || store.transaction.db.name === database
  IDBObjectStore.prototype.put = function put(
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    if (full && affects(this)) throw quotaError()
    return originalPut.apply(this, args)
  }
  IDBObjectStore.prototype.add = function add(
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['add']>
  ) {
    if (full && affects(this)) throw quotaError()
    return originalAdd.apply(this, args)
  }
  IDBObjectStore.prototype.delete = function del(
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['delete']>
  ) {
    if (deleteFrees && affects(this)) full = false
    return originalDelete.apply(this, args)
  }
}

const entry = (i: number): RequestLogEntry => ({
  time: i,
  origin: 'http://127.0.0.1:1',
  network: 'testnet',
  method: `m${i}`,
  params: [],
  result: null,
  durationMs: 1,
})

async function setup() {
  const factory = new IDBFactory()
  const db = await openExtensionDb(factory)
  const log = createRequestLog(db)
  const service = createBackgroundService({
    openNode: createNodeOpener(
      { os: 'linux', runtime: 'chrome-156', build: 'test' },
      indexedDbChainStores(factory),
    ),
    store: createIdbWalletStore(db),
    log,
    deleteChain: deleteChainStore(factory),
    now: () => 1_700_000_000_000,
    elapsed: () => performance.now(),
    newId: () => crypto.randomUUID(),
  })
  const received: BackgroundToRelay[] = []
  const page = { origin: 'http://127.0.0.1:1', send: (m: BackgroundToRelay) => received.push(m) }
  const pushed: BackgroundToPanel[] = []
  const panel = { send: (m: BackgroundToPanel) => pushed.push(m) }
  service.connectPanel(panel)
  let next = 0
  const call = async (method: string, params: unknown[] = []) => {
    const id = `s:${next++}`
    await service.handlePageRequest(page, { kind: 'request', id, request: { method, params } })
    const answer = [...received].reverse().find((m) => m.kind === 'response' && m.id === id)
    return answer as { result?: unknown; error?: { code: number; message: string } }
  }
  return { service, log, call, pushed, panel }
}

describe('IndexedDB full in the worker', () => {
  it('maps a QuotaExceededError to -32000 "storage full", and other DOMExceptions to no fake code', () => {
    expect(toErrorPayload(quotaError())).toMatchObject({ code: -32000, message: /^storage full/ })
    expect(toErrorPayload(new DOMException('nope', 'DataCloneError')).code).toBe(-32603)
  })

  it('answers -32000, trims the request log, tells panels, and mines again once space is free', async () => {
    simulateQuota({ deleteFrees: false })
    const { service, log, call, pushed } = await setup()
    await log.addAll(Array.from({ length: LOG_KEPT_WHEN_FULL + 100 }, (_, i) => entry(i)))
    expect((await call('evm_mine')).error).toBeUndefined()
    expect(await call('eth_blockNumber')).toMatchObject({ result: '0x1' })

    full = true
    const refused = await call('evm_mine')
    expect(refused.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^storage full/) })
    expect(pushed).toContainEqual({ kind: 'node', network: 'testnet', event: 'storageFull', data: null })
    await expect.poll(() => log.count()).toBeLessThanOrEqual(LOG_KEPT_WHEN_FULL)
    // The chain is still readable at its acknowledged head.
    expect(await call('eth_blockNumber')).toMatchObject({ result: '0x1' })

    full = false
    await call('evm_mine')
    expect(await call('eth_blockNumber')).toMatchObject({ result: '0x2' })
    await service.flushLog()
    // The log kept its newest entries and goes on logging.
    const newest = await log.list({ limit: 1 })
    expect(newest[0]?.method).toBe('eth_blockNumber')
  })

  it('wipes a network: its chain starts again from a new genesis, and panels hear a reset', async () => {
    const { service, call, pushed } = await setup()
    await call('evm_mine')
    await call('evm_mine')
    const mined = (await call('eth_getBlockByNumber', ['0x2', false])).result as { hash: string }
    const panel = pushed.length
    await handlePanelExtra(
      service,
      { send: (m) => pushed.push(m) },
      { kind: 'wipeNetwork', id: 7, network: 'testnet' },
    )
    expect(pushed.slice(panel)).toContainEqual({ kind: 'reply', id: 7, result: null })
    expect(pushed.slice(panel)).toContainEqual({
      kind: 'node',
      network: 'testnet',
      event: 'reset',
      data: null,
    })
    expect(await call('eth_blockNumber')).toMatchObject({ result: '0x0' })
    // Its blocks are gone, not merely hidden behind a lower head.
    expect(await call('eth_getBlockByHash', [mined.hash, false])).toMatchObject({ result: null })
    await call('evm_mine')
    expect(await call('eth_blockNumber')).toMatchObject({ result: '0x1' })
  })

  it('refuses to wipe a network that does not exist', async () => {
    const { service } = await setup()
    const replies: BackgroundToPanel[] = []
    await handlePanelExtra(
      service,
      { send: (m) => replies.push(m) },
      { kind: 'wipeNetwork', id: 1, network: 'devnet' as 'testnet' },
    )
    expect(replies[0]).toMatchObject({ kind: 'reply', id: 1, error: { code: -32602 } })
  })
})

describe('the request log when IndexedDB is full', () => {
  it('trims itself to its newest entries and writes the new one', async () => {
    simulateQuota({ deleteFrees: true, database: 'full-log' })
    const log = createRequestLog(await openExtensionDb(new IDBFactory(), 'full-log'))
    await log.addAll(Array.from({ length: LOG_KEPT_WHEN_FULL + 50 }, (_, i) => entry(i)))
    full = true
    const added = await log.add(entry(999))
    expect(added.method).toBe('m999')
    expect(await log.count()).toBe(LOG_KEPT_WHEN_FULL + 1)
    const [newest, before] = await log.list({ limit: 2 })
    expect(newest?.method).toBe('m999')
    expect(before?.method).toBe(`m${LOG_KEPT_WHEN_FULL + 49}`)
  })

  it('clears itself while every put is refused: the clear only deletes', async () => {
    simulateQuota({ deleteFrees: false, database: 'full-log' })
    const log = createRequestLog(await openExtensionDb(new IDBFactory(), 'full-log'))
    await log.addAll(Array.from({ length: 30 }, (_, i) => entry(i)))
    full = true
    await log.clear()
    expect(await log.count()).toBe(0)
    expect(await log.list()).toEqual([])
  })

  it('gives up (the caller drops the entry) when trimming frees nothing', async () => {
    simulateQuota({ deleteFrees: false, database: 'full-log' })
    const log = createRequestLog(await openExtensionDb(new IDBFactory(), 'full-log'))
    await log.add(entry(1))
    full = true
    await expect(log.add(entry(2))).rejects.toMatchObject({ name: 'QuotaExceededError' })
  })
})
