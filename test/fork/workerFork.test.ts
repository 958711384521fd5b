/**
 * Forking in the extension's worker (src/background/forks.ts) on fake-indexeddb, with our own HTTP
 * server as the upstream: the panel protocol's fork control, what is remembered across a restart,
 * the request log's redaction, refusals.
 */
// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openExtensionDb } from '../../src/background/db.js'
import { FORKS_KEY, parseForkRequest, redactLoggedParams } from '../../src/background/forks.js'
import { handlePanelExtra } from '../../src/background/panel/panelQueries.js'
import { createBackgroundService, type ServiceDependencies } from '../../src/background/service.js'
import type { Address } from '../../src/core/util/hex.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import type { ForkView } from '../../src/shared/panelProtocol.js'
import type { BackgroundToPanel, BackgroundToRelay } from '../../src/shared/protocol.js'
import { idbServiceDependencies } from '../background/idbService.js'
import { startTestServer, type TestServer } from '../server/helpers.js'
import {
  bob,
  expectDev0KeepsUpstreamNonce,
  holder,
  populateUpstream,
  rpcOf,
  tokenBalance,
  useDev0Upstream,
} from './forkHarness.js'
import { httpRpc } from './httpRpc.js'

const KEY = /\/testnet\/([^/]+)$/

let upstream: TestServer
let upstreamUrl: string
let tokenAddress: Address
let forkBlock: bigint

beforeAll(async () => {
  upstream = await startTestServer({ nodeFactory: coreNodeFactory() })
  upstreamUrl = upstream.url('testnet')
  const up = httpRpc(upstreamUrl)
  ;({ tokenAddress } = await populateUpstream(up, 31))
  await useDev0Upstream(up, 31)
  await up.call('anvil_mine', [3])
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
}, 120_000)

afterAll(async () => {
  await upstream?.stop()
})

async function worker(factory: IDBFactory, extra: Partial<ServiceDependencies> = {}) {
  const service = createBackgroundService({
    ...(await idbServiceDependencies(factory)),
    now: () => 1_700_000_000_000,
    ...extra,
  })
  // The extension database, to read what the service remembered.
  const db = await openExtensionDb(factory)
  const pushed: BackgroundToPanel[] = []
  const panel = { send: (m: BackgroundToPanel) => pushed.push(m) }
  service.connectPanel(panel)
  const ask = async (message: Parameters<typeof handlePanelExtra>[2]) => {
    await handlePanelExtra(service, panel, message)
    return pushed.filter((m) => m.kind === 'reply').at(-1) as {
      result?: unknown
      error?: { code: number; message: string }
    }
  }
  const node = async () => rpcOf((body) => service.nodes.get('testnet').then((n) => n.request(body)))
  return { service, pushed, ask, node, db }
}

/** A worker whose panel forked the selected network at `forkBlock`. */
async function forkFromPanel(factory: IDBFactory) {
  const first = await worker(factory)
  const reply = await first.ask({
    kind: 'setFork',
    id: 1,
    url: upstreamUrl,
    blockNumber: String(forkBlock),
  })
  expect(reply.error).toBeUndefined()
  return { first, reply }
}

describe('forking in the worker', () => {
  it('forks the selected network from the panel, remembers it, and reopens it as the same fork after a restart with the upstream gone', async () => {
    const factory = new IDBFactory()
    const { first, reply } = await forkFromPanel(factory)
    const view = reply.result as ForkView
    const key = KEY.exec(upstreamUrl)![1]!
    expect(view).toMatchObject({
      upstream: upstreamUrl.replace(key, '***'),
      blockNumber: forkBlock.toString(),
      chainId: 31,
      blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    expect(JSON.stringify(first.pushed)).not.toContain(key)
    const rpc = await first.node()
    expect(await rpc.call('eth_blockNumber')).toBe(`0x${forkBlock.toString(16)}`)
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    const holderBalance = await tokenBalance(rpc, tokenAddress, holder)
    const fetched = ((await first.ask({ kind: 'getFork', id: 2 })).result as ForkView).progress
    expect(fetched.upstreamRequests).toBeGreaterThan(0)
    expect(fetched.accountsFetched).toBeGreaterThan(0)
    expect(fetched.slotsFetched).toBeGreaterThan(0)
    // Panels were told as state arrived, with the URL redacted.
    const pushes = first.pushed.filter((m) => m.kind === 'node' && m.event === 'fork')
    expect(pushes.length).toBeGreaterThan(0)
    expect(JSON.stringify(pushes)).not.toContain(key)
    // The node settings the toolbar polls carry the fork too.
    const settings = (await first.ask({ kind: 'getNodeSettings', id: 3 })).result as { fork?: ForkView }
    expect(settings.fork?.blockNumber).toBe(forkBlock.toString())
    // The fork is stored whole (the worker needs the key to reach the upstream again).
    expect(await first.db.get('wallet', FORKS_KEY)).toEqual({
      testnet: { url: upstreamUrl, blockNumber: forkBlock.toString() },
    })
    await (await first.service.nodes.get('testnet')).close()

    // A new worker on the same databases, with every upstream request refused.
    const refused = async () => {
      throw new TypeError('fetch failed')
    }
    const realFetch = globalThis.fetch
    let upstreamCalls = 0
    globalThis.fetch = (async () => {
      upstreamCalls++
      return refused()
    }) as typeof fetch
    try {
      const second = await worker(factory)
      const again = await second.node()
      expect(await again.call('eth_blockNumber')).toBe(`0x${forkBlock.toString(16)}`)
      expect(await tokenBalance(again, tokenAddress, bob)).toBe(5n)
      expect(await tokenBalance(again, tokenAddress, holder)).toBe(holderBalance)
      expect(upstreamCalls).toBe(0)
      const progress = ((await second.ask({ kind: 'getFork', id: 1 })).result as ForkView).progress
      expect(progress).toMatchObject({ upstreamRequests: 0, accountsFetched: 0, slotsFetched: 0 })
      expect(progress.cacheHits).toBeGreaterThan(0)
      // Something never fetched: a clear error naming the upstream (redacted), not a hang.
      const untouched = await again.rpc('eth_getBalance', [
        '0x00000000000000000000000000000000000000e1',
        'latest',
      ])
      expect(untouched.error?.message).toMatch(
        /^fork upstream http:\/\/127\.0\.0\.1:\d+\/testnet\/\*\*\* could not provide eth_getBalance/,
      )
      expect(untouched.error?.message).not.toContain(key)
      expect(upstreamCalls).toBeGreaterThan(0)
      await (await second.service.nodes.get('testnet')).close()
    } finally {
      globalThis.fetch = realFetch
    }
  }, 60_000)

  it("keeps dev account #0's upstream nonce: a raw creation with it is mined where the upstream would put it", async () => {
    const factory = new IDBFactory()
    const { first } = await forkFromPanel(factory)
    await expectDev0KeepsUpstreamNonce(await first.node(), 31)
    // The toolbar's Reset (evm_reset) starts the fork again from its fork block.
    await (await first.node()).call('evm_reset')
    await expectDev0KeepsUpstreamNonce(await first.node(), 31)
    await (await first.node()).call('evm_reset')
    // A restarted worker reopens the same fork.
    await (await first.service.nodes.get('testnet')).close()
    const second = await worker(factory)
    await expectDev0KeepsUpstreamNonce(await second.node(), 31)
    await (await second.service.nodes.get('testnet')).close()
  }, 60_000)

  it('goes back to a local chain, and remembers that too', async () => {
    const factory = new IDBFactory()
    const first = await worker(factory)
    expect((await first.ask({ kind: 'setFork', id: 1, url: upstreamUrl })).error).toBeUndefined()
    // Without a block: the upstream's latest minus 6, recorded.
    expect(await first.db.get('wallet', FORKS_KEY)).toMatchObject({
      testnet: { blockNumber: (forkBlock - 6n).toString() },
    })
    expect((await first.ask({ kind: 'resetToLocal', id: 2 })).result).toBeNull()
    expect((await first.ask({ kind: 'getFork', id: 3 })).result).toBeNull()
    expect(await (await first.node()).call('eth_blockNumber')).toBe('0x0')
    expect(await first.db.get('wallet', FORKS_KEY)).toEqual({})
    await (await first.service.nodes.get('testnet')).close()
    const second = await worker(factory)
    expect((await second.ask({ kind: 'getFork', id: 1 })).result).toBeNull()
    expect(await (await second.node()).call('eth_getCode', [tokenAddress, 'latest'])).toBe('0x')
  }, 60_000)

  it('follows a page that forks with anvil_reset, and logs the reset with the URL redacted', async () => {
    const factory = new IDBFactory()
    const { service, ask } = await worker(factory)
    const received: BackgroundToRelay[] = []
    const page = { origin: 'http://127.0.0.1:1', send: (m: BackgroundToRelay) => received.push(m) }
    const forking = { jsonRpcUrl: upstreamUrl, blockNumber: Number(forkBlock) }
    await service.handlePageRequest(page, {
      kind: 'request',
      id: 'p:1',
      request: { method: 'hardhat_reset', params: [{ forking }] },
    })
    expect(received.at(-1)).toEqual({ kind: 'response', id: 'p:1', result: true })
    expect(((await ask({ kind: 'getFork', id: 1 })).result as ForkView).blockNumber).toBe(
      forkBlock.toString(),
    )
    await expectDev0KeepsUpstreamNonce(
      rpcOf((body) => service.nodes.get('testnet').then((n) => n.request(body))),
      31,
    )
    await service.flushLog()
    const [entry] = await service.log.list()
    const key = KEY.exec(upstreamUrl)![1]!
    expect(entry?.method).toBe('hardhat_reset')
    expect(JSON.stringify(entry)).not.toContain(key)
    expect(entry?.params).toEqual([{ forking: { ...forking, jsonRpcUrl: upstreamUrl.replace(key, '***') } }])
  }, 60_000)

  it('refuses a host the extension may not reach, and bad input, naming the problem', async () => {
    const { ask } = await worker(new IDBFactory(), { hostAccess: async () => false })
    const denied = await ask({ kind: 'setFork', id: 1, url: upstreamUrl })
    expect(denied.error).toMatchObject({ code: 4100, message: expect.stringContaining('http://127.0.0.1/*') })
    const bad = await ask({ kind: 'setFork', id: 2, url: 'ftp://example.com/key' })
    expect(bad.error).toMatchObject({
      code: -32602,
      message: 'url: ftp://example.com/*** is not an http or https address',
    })
    const block = await ask({ kind: 'setFork', id: 3, url: upstreamUrl, blockNumber: 'latest' })
    expect(block.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^blockNumber: expected a block number/),
    })
  })
})

describe('fork helpers', () => {
  it('parses the form: trimmed URL, decimal or hex block, empty block for the default', () => {
    expect(parseForkRequest(' https://rpc.example/key ', '')).toEqual({ url: 'https://rpc.example/key' })
    expect(parseForkRequest('http://127.0.0.1:4444', '0x10')).toEqual({
      url: 'http://127.0.0.1:4444',
      blockNumber: 16n,
    })
    expect(() => parseForkRequest('', undefined)).toThrow(/^url: expected/)
    expect(() => parseForkRequest('not a url', undefined)).toThrow(/is not an address/)
  })

  it('redacts only a reset that forks', () => {
    expect(redactLoggedParams('eth_call', [{ forking: { jsonRpcUrl: 'https://a/b' } }])).toEqual([
      { forking: { jsonRpcUrl: 'https://a/b' } },
    ])
    expect(redactLoggedParams('anvil_reset', [])).toEqual([])
    expect(
      redactLoggedParams('anvil_reset', [{ forking: { jsonRpcUrl: 'https://rpc.example/secret' } }]),
    ).toEqual([{ forking: { jsonRpcUrl: 'https://rpc.example/***' } }])
  })
})
