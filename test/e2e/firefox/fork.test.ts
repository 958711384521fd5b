/**
 * Forking in the Firefox build (dist/extension/firefox, `npm run build:firefox`): the event page reaches an
 * upstream on 127.0.0.1 (our own HTTP server) with the host access the manifest's `<all_urls>`
 * gives, and the chain it forks answers the upstream's state at the fork block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coreNodeFactory } from '../../../src/server/node/coreNode.js'
import { holder, populateUpstream, rpcOf } from '../../fork/forkHarness.js'
import { send, startTestServer, type TestServer } from '../../server/helpers.js'
import { type ExtensionTab, type FirefoxWithAddon, launchFirefoxWithAddon } from './firefoxHarness.js'

type Reply = { result?: unknown; error?: { code: number; message: string } }

describe('forking in Firefox', () => {
  let firefox: FirefoxWithAddon
  let upstream: TestServer
  let popup: ExtensionTab

  /** One panel-protocol message over the popup's own Port, as the popup's fork control sends it. */
  const ask = (message: object): Promise<Reply> =>
    popup.evaluate<Reply>(`new Promise((resolve) => {
      const id = Math.floor(Math.random() * 1e9)
      const port = chrome.runtime.connect({ name: 'rsk:devtools' })
      port.onMessage.addListener((m) => { if (m.kind === 'reply' && m.id === id) { port.disconnect(); resolve(m) } })
      port.postMessage({ ...${JSON.stringify(message)}, id })
    })`)

  beforeAll(async () => {
    ;[firefox, upstream] = await Promise.all([
      launchFirefoxWithAddon(),
      startTestServer({ nodeFactory: coreNodeFactory() }),
    ])
    await populateUpstream(
      rpcOf(async (body) => (await send(upstream.url('testnet'), { body: JSON.stringify(body) })).json),
      31,
    )
    popup = await firefox.openExtensionTab('src/wallet/popup/index.html')
  }, 120_000)

  afterAll(async () => {
    await popup?.close()
    await firefox?.close()
    await upstream?.stop()
  })

  it('forks the selected network from a local upstream and reads its state', async () => {
    const up = rpcOf(
      async (body) => (await send(upstream.url('testnet'), { body: JSON.stringify(body) })).json,
    )
    const forkBlock = await up.call<string>('eth_blockNumber')
    const forked = await ask({ kind: 'setFork', url: upstream.url('testnet'), blockNumber: forkBlock })
    expect(forked.error).toBeUndefined()
    expect(forked.result).toMatchObject({ blockNumber: String(Number(forkBlock)), chainId: 31 })
    const balance = await ask({
      kind: 'rpc',
      request: { method: 'eth_getBalance', params: [holder, 'latest'] },
    })
    expect(balance.result).toBe(await up.call('eth_getBalance', [holder, forkBlock]))
    expect((await ask({ kind: 'resetToLocal' })).error).toBeUndefined()
  })
})
