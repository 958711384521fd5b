// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { type Call, concurrentSendRound, ROUND_TIMEOUT_MS, ROUNDS } from '../../test/core/concurrentSends.js'
import type { BackgroundToPanel, BackgroundToRelay, RelayRequest } from '../shared/protocol.js'
import { createIdbWalletStore, openExtensionDb } from './db.js'
import { browserPlatform, createNodeOpener, indexedDbChainStores } from './nodeFactory.js'
import { handlePanelExtra } from './panel/panelQueries.js'
import { handlePanelMessage } from './panel.js'
import { createRequestLog } from './requestLog.js'
import { createBackgroundService, type ServiceDependencies } from './service.js'

async function setup(factory = new IDBFactory(), extra: Partial<ServiceDependencies> = {}) {
  const db = await openExtensionDb(factory)
  let opened = 0
  const profiles: string[] = []
  const openNode = createNodeOpener(
    { os: 'linux', runtime: 'chrome-156', build: 'test' },
    indexedDbChainStores(factory),
  )
  const service = createBackgroundService({
    openNode: (network, options) => {
      opened++
      profiles.push(options.profile)
      return openNode(network, options)
    },
    store: createIdbWalletStore(db),
    log: createRequestLog(db),
    now: () => 1_700_000_000_000,
    elapsed: () => performance.now(),
    newId: () => crypto.randomUUID(),
    ...extra,
  })
  const page = (origin: string) => {
    const received: BackgroundToRelay[] = []
    return { connection: { origin, send: (m: BackgroundToRelay) => received.push(m) }, received }
  }
  const request = (id: string, method: string, params?: unknown[], replay?: boolean): RelayRequest => ({
    kind: 'request',
    id,
    request: params ? { method, params } : { method },
    ...(replay ? { replay } : {}),
  })
  return { service, db, page, request, factory, opened: () => opened, profiles }
}

describe('createBackgroundService', () => {
  it('tells a connecting page the chain and its accounts', async () => {
    const { service, page } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.connectPage(p.connection)
    expect(p.received).toEqual([
      { kind: 'ready', state: { chainId: '0x1f', networkVersion: '31', accounts: [], isMetaMask: true } },
    ])
  })

  it('tells connected pages when the isMetaMask setting changes, and new pages in their ready state', async () => {
    const { service, page } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.connectPage(p.connection)
    await service.wallet.approvals.updateSettings({ isMetaMask: false })
    await new Promise((r) => setTimeout(r, 0))
    expect(p.received.at(-1)).toEqual({ kind: 'event', event: { type: 'walletSettings', isMetaMask: false } })
    const q = page('http://127.0.0.1:2')
    await service.connectPage(q.connection)
    expect(q.received[0]).toMatchObject({ kind: 'ready', state: { isMetaMask: false } })
  })

  it('answers eth_chainId from the testnet node, opened lazily on first use', async () => {
    const { service, page, request, opened } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.connectPage(p.connection)
    expect(opened()).toBe(0)
    await service.handlePageRequest(p.connection, request('s:1', 'eth_chainId'))
    expect(p.received.at(-1)).toEqual({ kind: 'response', id: 's:1', result: '0x1f' })
    expect(opened()).toBe(1)
  })

  it('answers rskdevnode_ping itself, without the node or the log', async () => {
    const { service, page, request, opened } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.handlePageRequest(p.connection, request('s:1', 'rskdevnode_ping'))
    expect(p.received.at(-1)).toEqual({ kind: 'response', id: 's:1', result: 'pong' })
    expect(opened()).toBe(0)
    expect(await service.log.count()).toBe(0)
  })

  it('passes node errors through unchanged', async () => {
    const { service, page, request } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.handlePageRequest(p.connection, request('s:1', 'eth_compileSolidity', []))
    expect(p.received.at(-1)).toMatchObject({
      kind: 'response',
      error: { code: -32601, message: 'the method eth_compileSolidity does not exist/is not available' },
    })
  })

  it('logs every request with origin, network, method, params, outcome and duration', async () => {
    const { service, page, request } = await setup()
    const p = page('https://dapp.example')
    await service.handlePageRequest(p.connection, request('s:1', 'web3_sha3', ['0x68656c6c6f']))
    await service.handlePageRequest(p.connection, request('s:2', 'eth_nope'))
    await service.flushLog()
    const log = await service.log.list()
    expect(log).toHaveLength(2)
    expect(log[0]).toMatchObject({
      origin: 'https://dapp.example',
      network: 'testnet',
      method: 'eth_nope',
      error: { code: -32601 },
    })
    expect(log[1]).toMatchObject({
      method: 'web3_sha3',
      params: ['0x68656c6c6f'],
      result: '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8',
    })
    expect(typeof log[1]?.durationMs).toBe('number')
  })

  it('writes the log when the requests pause: one transaction for all answered meanwhile, in order', async () => {
    const factory = new IDBFactory()
    const log = createRequestLog(await openExtensionDb(factory))
    const batches: number[] = []
    const pending: Array<() => void> = []
    const { service, page, request } = await setup(factory, {
      log: {
        ...log,
        addAll: (entries) => {
          batches.push(entries.length)
          return log.addAll(entries)
        },
      },
      scheduleLogWrite: (write) => pending.push(write),
    })
    const p = page('https://dapp.example')
    for (let i = 1; i <= 5; i++)
      await service.handlePageRequest(p.connection, request(`s:${i}`, 'web3_sha3', [`0x0${i}`]))
    expect(p.received.filter((m) => m.kind === 'response')).toHaveLength(5)
    expect(batches).toEqual([])
    expect(pending).toHaveLength(5)
    pending.splice(0).at(-1)?.()
    await service.flushLog()
    expect(batches).toEqual([5])
    const written = await service.log.list()
    expect(written.map((e) => e.params)).toEqual([['0x05'], ['0x04'], ['0x03'], ['0x02'], ['0x01']])
  })

  it('answers a replayed id once within a worker lifetime', async () => {
    const { service, page, request } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.handlePageRequest(p.connection, request('s:7', 'eth_chainId'))
    await service.handlePageRequest(p.connection, request('s:7', 'eth_chainId', undefined, true))
    expect(p.received.filter((m) => m.kind === 'response')).toHaveLength(2)
    await service.flushLog()
    expect(await service.log.count()).toBe(1)
  })

  it('answers a replay from memory 300 requests later, and runs an id again once 500 newer ones passed', async () => {
    const { service, page, request } = await setup()
    const p = page('http://127.0.0.1:1')
    await service.handlePageRequest(p.connection, request('s:first', 'eth_chainId'))
    for (let i = 0; i < 300; i++)
      await service.handlePageRequest(p.connection, request(`s:${i}`, 'eth_chainId'))
    await service.handlePageRequest(p.connection, request('s:first', 'eth_chainId', undefined, true))
    await service.flushLog()
    expect(await service.log.count()).toBe(301)
    for (let i = 300; i < 800; i++)
      await service.handlePageRequest(p.connection, request(`s:${i}`, 'eth_chainId'))
    await service.handlePageRequest(p.connection, request('s:first', 'eth_chainId', undefined, true))
    await service.flushLog()
    expect(await service.log.count()).toBe(802)
  })

  it('sends chainChanged to every page and accountsChanged only to the granted origin', async () => {
    const { service, page, request } = await setup()
    const a = page('http://127.0.0.1:1')
    const b = page('http://127.0.0.1:2')
    await service.connectPage(a.connection)
    await service.connectPage(b.connection)
    await service.handlePageRequest(a.connection, request('a:1', 'eth_requestAccounts'))
    expect(a.received.some((m) => m.kind === 'event' && m.event.type === 'accountsChanged')).toBe(true)
    expect(b.received.some((m) => m.kind === 'event' && m.event.type === 'accountsChanged')).toBe(false)
    await service.handlePageRequest(
      a.connection,
      request('a:2', 'wallet_switchEthereumChain', [{ chainId: '0x21' }]),
    )
    for (const p of [a, b]) {
      expect(p.received).toContainEqual({
        kind: 'event',
        event: { type: 'chainChanged', chainId: '0x21', networkVersion: '33' },
      })
    }
    // chainChanged reached the page before the switch resolved.
    const changed = a.received.findIndex((m) => m.kind === 'event' && m.event.type === 'chainChanged')
    const resolved = a.received.findIndex((m) => m.kind === 'response' && m.id === 'a:2')
    expect(changed).toBeLessThan(resolved)
    await service.handlePageRequest(a.connection, request('a:3', 'eth_chainId'))
    expect(a.received.at(-1)).toMatchObject({ result: '0x21' })
  })

  it('keeps the network, grants and log in IndexedDB across a new service (worker restart)', async () => {
    const first = await setup()
    const p = first.page('http://127.0.0.1:1')
    await first.service.handlePageRequest(p.connection, first.request('s:1', 'eth_requestAccounts'))
    await first.service.handlePageRequest(
      p.connection,
      first.request('s:2', 'wallet_switchEthereumChain', [{ chainId: '0x1e' }]),
    )
    await first.service.flushLog()
    first.db.close()
    const second = await setup(first.factory)
    const q = second.page('http://127.0.0.1:1')
    await second.service.connectPage(q.connection)
    expect(q.received[0]).toMatchObject({
      kind: 'ready',
      state: { chainId: '0x1e', accounts: [expect.any(String)] },
    })
    expect(await second.service.log.count()).toBe(2)
  })

  it('streams log entries to panels and serves panel controls', async () => {
    const { service, page, request } = await setup()
    const panelMessages: BackgroundToPanel[] = []
    const panel = { send: (m: BackgroundToPanel) => panelMessages.push(m) }
    service.connectPanel(panel)
    await service.handlePageRequest(page('http://127.0.0.1:1').connection, request('s:1', 'net_version'))
    await service.flushLog()
    expect(panelMessages).toContainEqual(
      expect.objectContaining({
        kind: 'log',
        entry: expect.objectContaining({ method: 'net_version', result: '31' }),
      }),
    )
    await handlePanelMessage(service, panel, { kind: 'setSettings', id: 5, settings: { rejectNext: true } })
    expect(panelMessages.find((m) => m.kind === 'reply' && m.id === 5)).toMatchObject({
      result: { settings: { rejectNext: true } },
    })
    await handlePanelMessage(service, panel, { kind: 'rpc', id: 6, request: { method: 'eth_chainId' } })
    expect(panelMessages.find((m) => m.kind === 'reply' && m.id === 6)).toMatchObject({ result: '0x1f' })
    await handlePanelMessage(service, panel, { kind: 'setNetwork', id: 7, network: 'bogus' as never })
    expect(panelMessages.find((m) => m.kind === 'reply' && m.id === 7)).toMatchObject({
      error: { code: -32602 },
    })
  })
})

describe('eth_subscribe for pages', () => {
  it('delivers newHeads and logs notifications to the subscribing page only', async () => {
    const { service, page, request } = await setup()
    const a = page('http://127.0.0.1:1')
    const b = page('http://127.0.0.1:2')
    await service.handlePageRequest(a.connection, request('a:1', 'eth_subscribe', ['newHeads']))
    const subscription = (a.received.at(-1) as { result: string }).result
    expect(subscription).toMatch(/^0x[0-9a-f]{32}$/)
    await service.handlePageRequest(a.connection, request('a:2', 'eth_requestAccounts'))
    const [from] = (a.received.at(-1) as { result: string[] }).result
    await service.handlePageRequest(
      a.connection,
      request('a:3', 'eth_sendTransaction', [{ from, to: from, value: '0x1' }]),
    )
    expect(a.received.at(-1)).toMatchObject({
      kind: 'response',
      result: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    await new Promise((r) => setTimeout(r, 50))
    const notes = a.received.filter((m) => m.kind === 'event' && m.event.type === 'message')
    expect(notes.length).toBeGreaterThan(0)
    expect(notes[0]).toMatchObject({
      event: {
        type: 'message',
        message: { type: 'eth_subscription', data: { subscription, result: { number: expect.any(String) } } },
      },
    })
    expect(b.received.some((m) => m.kind === 'event' && m.event.type === 'message')).toBe(false)
    await service.handlePageRequest(a.connection, request('a:4', 'eth_unsubscribe', [subscription]))
    expect(a.received.at(-1)).toMatchObject({ result: true })
    await service.handlePageRequest(b.connection, request('b:1', 'eth_unsubscribe', [subscription]))
    expect(b.received.at(-1)).toMatchObject({ result: false })
  })
})

describe('profiles (rpc-api / rskj)', () => {
  const pendingBlock = (id: string) => ({
    kind: 'request' as const,
    id,
    request: { method: 'eth_getBlockByNumber', params: ['pending', false] },
  })

  it('reopens the selected network on the same chain with the other profile, and remembers it', async () => {
    const { service, page, request, profiles, factory, db } = await setup()
    const panelMessages: BackgroundToPanel[] = []
    const panel = { send: (m: BackgroundToPanel) => panelMessages.push(m) }
    service.connectPanel(panel)
    const p = page('http://127.0.0.1:1')
    await service.handlePageRequest(p.connection, request('s:1', 'evm_mine'))
    await service.handlePageRequest(p.connection, pendingBlock('s:2'))
    // rpc-api: the specification's five methods refuse `pending`.
    expect(p.received.at(-1)).toMatchObject({ kind: 'response', error: { code: expect.any(Number) } })
    expect(profiles).toEqual(['rpc-api'])

    await handlePanelExtra(service, panel, { kind: 'setProfile', id: 1, profile: 'rskj' })
    expect(panelMessages.find((m) => m.kind === 'reply' && m.id === 1)).toMatchObject({
      result: { network: 'testnet', profile: 'rskj', mining: { type: 'auto' } },
    })
    expect(panelMessages).toContainEqual({
      kind: 'node',
      network: 'testnet',
      event: 'profile',
      data: { profile: 'rskj' },
    })
    expect(profiles).toEqual(['rpc-api', 'rskj'])
    await service.handlePageRequest(p.connection, pendingBlock('s:3'))
    // rskj: accepted (the pending block has no number or hash yet, as in RSKj).
    expect(p.received.at(-1)).toMatchObject({
      kind: 'response',
      result: { number: null, parentHash: expect.stringMatching(/^0x/) },
    })
    await service.handlePageRequest(p.connection, request('s:4', 'eth_blockNumber'))
    expect(p.received.at(-1)).toMatchObject({ result: '0x1' })

    // The choice outlives the worker.
    db.close()
    const restarted = await setup(factory)
    const q = restarted.page('http://127.0.0.1:1')
    await restarted.service.handlePageRequest(q.connection, pendingBlock('r:1'))
    expect(q.received.at(-1)).toMatchObject({ result: { parentHash: expect.stringMatching(/^0x/) } })
    expect(restarted.profiles).toEqual(['rskj'])
  })

  it('keeps a page subscription and its id across the reopen', async () => {
    const { service, page, request } = await setup()
    const a = page('http://127.0.0.1:1')
    await service.handlePageRequest(a.connection, request('a:1', 'eth_subscribe', ['newHeads']))
    const subscription = (a.received.at(-1) as { result: string }).result
    await service.setProfile('rskj')
    await service.handlePageRequest(a.connection, request('a:2', 'evm_mine'))
    await new Promise((r) => setTimeout(r, 50))
    const notes = a.received.filter((m) => m.kind === 'event' && m.event.type === 'message')
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({
      event: { message: { data: { subscription, result: { number: '0x1' } } } },
    })
    await service.handlePageRequest(a.connection, request('a:3', 'eth_unsubscribe', [subscription]))
    expect(a.received.at(-1)).toMatchObject({ result: true })
  })

  it('reports the mining mode and interval of the node to the panel', async () => {
    const { service } = await setup()
    const replies: BackgroundToPanel[] = []
    const panel = { send: (m: BackgroundToPanel) => replies.push(m) }
    await service.execute('devtools-panel', 'anvil_setIntervalMining', [3])
    await handlePanelExtra(service, panel, { kind: 'getNodeSettings', id: 1 })
    expect(replies[0]).toMatchObject({
      result: { profile: 'rpc-api', mining: { type: 'interval', seconds: 3 } },
    })
    await handlePanelExtra(service, panel, { kind: 'setProfile', id: 2, profile: 'nope' as never })
    expect(replies[1]).toMatchObject({ error: { code: -32602 } })
  })
})

describe('filters in the panel', () => {
  it('shows the origin that installed each filter, also after a worker restart', async () => {
    const { service, page, request, factory, db } = await setup()
    const p = page('http://127.0.0.1:7')
    await service.handlePageRequest(p.connection, request('s:1', 'eth_newBlockFilter'))
    const pageFilter = (p.received.at(-1) as { result: string }).result
    const fromPanel = (await service.execute('devtools-panel', 'eth_newPendingTransactionFilter', [])).result
    const replies: BackgroundToPanel[] = []
    const panel = { send: (m: BackgroundToPanel) => replies.push(m) }
    await handlePanelExtra(service, panel, { kind: 'listFilters', id: 1 })
    const listed = (replies[0] as { result: Array<{ id: string; origin?: string }> }).result
    expect(listed.find((f) => f.id === pageFilter)?.origin).toBe('http://127.0.0.1:7')
    expect(listed.find((f) => f.id === fromPanel)?.origin).toBe('devtools-panel')

    db.close()
    const restarted = await setup(factory)
    await handlePanelExtra(restarted.service, panel, { kind: 'listFilters', id: 2 })
    const relisted = (replies[1] as { result: Array<{ id: string; origin?: string }> }).result
    expect(relisted.find((f) => f.id === pageFilter)?.origin).toBe('http://127.0.0.1:7')
  })
})

describe('browserPlatform', () => {
  it('reads os and runtime from the navigator', () => {
    expect(
      browserPlatform({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36',
        platform: 'Linux x86_64',
      }),
    ).toEqual({ os: 'linux', runtime: 'chrome-156', build: 'extension' })
  })
})

describe('concurrent eth_sendTransaction from a page (the wallet signs, or the node for an impersonated sender)', () => {
  it.each([true, false])(
    'automine %s: 50 at once per sender, consecutive nonces, a hash only for a held transaction',
    async (automine) => {
      const { service, page } = await setup()
      const p = page('http://127.0.0.1:1')
      let id = 0
      const call: Call = async (method, params = []) => {
        const requestId = `c:${++id}`
        await service.handlePageRequest(p.connection, {
          kind: 'request',
          id: requestId,
          request: { method, params },
        })
        const reply = p.received.find((m) => m.kind === 'response' && m.id === requestId) as
          | { result?: unknown; error?: { code: number; message: string } }
          | undefined
        if (!reply) throw new Error(`no answer to ${method}`)
        return reply.error
          ? { error: { code: reply.error.code, message: reply.error.message } }
          : { result: reply.result }
      }
      // Regtest: the impersonated sender's requests carry gas price 0, below testnet's minimum.
      await call('wallet_switchEthereumChain', [{ chainId: '0x21' }])
      const [granted] = (await call('eth_requestAccounts')).result as string[]
      await concurrentSendRound(call, { automine, keyedSender: granted! })
      // More rounds (npm run test:concurrency) run on fresh chains: anvil_reset keeps the grant.
      for (let round = 1; round < ROUNDS; round++) {
        expect((await call('anvil_reset')).error).toBeUndefined()
        await concurrentSendRound(call, { automine, keyedSender: granted! })
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  )
})
