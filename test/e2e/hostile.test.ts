/**
 * A hostile page cannot reach the worker or another origin's grants: forged window messages,
 * messages from other origins' frames, claims of another origin, panel commands through the page
 * channel and direct connections to the extension are each ignored or refused.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  controlExtension,
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
} from './harness.js'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type LogEntry = { origin: string; method: string; params: unknown }
const CHANNEL = { channel: 'rsk-devnode:provider', v: 1, dir: 'page-to-relay' }

describe('hostile pages', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let other: PageServer
  let page: Page
  let origin: string

  const log = async () => (await controlExtension(ext, { kind: 'getLog', limit: 5000 })).result as LogEntry[]
  const marked = async (marker: string) =>
    (await log()).filter((e) => JSON.stringify(e.params).includes(marker))
  const settle = () => new Promise((r) => setTimeout(r, 400))

  beforeAll(async () => {
    ;[ext, server, other] = await Promise.all([launchWithExtension(), startPageServer(), startPageServer()])
    // The framed page lives on another origin (localhost vs 127.0.0.1, and another port).
    const framedOrigin = other.url.replace('127.0.0.1', 'localhost')
    other.route(
      '/frame',
      `<!doctype html><html><body><script>
        // Tries to drive the parent's relay with a forged request.
        parent.postMessage(${JSON.stringify({ ...CHANNEL, kind: 'request', id: 990001, request: { method: 'web3_sha3', params: ['0xf00d01'] } })}, '*')
        window.frameAccounts = window.ethereum.request({ method: 'eth_accounts' })
      </script></body></html>`,
    )
    server.route(
      '/',
      `<!doctype html><html><body><iframe id="f" src="${framedOrigin}/frame"></iframe></body></html>`,
    )
    page = await ext.context.newPage()
    await page.goto(server.url)
    origin = new URL(server.url).origin
    await page.evaluate(() =>
      (window as unknown as { ethereum: Eth }).ethereum.request({ method: 'eth_requestAccounts' }),
    )
  })

  afterAll(async () => {
    await Promise.all([server?.close(), other?.close()])
    await ext?.close()
  })

  it('ignores a request posted to the relay from another origin’s frame', async () => {
    await settle()
    expect(await marked('0xf00d01')).toEqual([])
  })

  it('does not give a framed origin the parent’s grant', async () => {
    const frame = page.frames().find((f) => f.url().includes('/frame'))!
    const accounts = await frame.evaluate(
      () => (window as unknown as { frameAccounts: Promise<unknown> }).frameAccounts,
    )
    expect(accounts).toEqual([])
    const parentAccounts = await page.evaluate(() =>
      (window as unknown as { ethereum: Eth }).ethereum.request({ method: 'eth_accounts' }),
    )
    expect(parentAccounts).toHaveLength(1)
  })

  it('ignores messages without our channel tag, with another protocol version or malformed', async () => {
    await page.evaluate((channel) => {
      const forged = [
        {
          ...channel,
          channel: 'metamask-inpage',
          kind: 'request',
          id: 1,
          request: { method: 'web3_sha3', params: ['0xf00d02'] },
        },
        { ...channel, v: 2, kind: 'request', id: 2, request: { method: 'web3_sha3', params: ['0xf00d02'] } },
        { ...channel, kind: 'request', id: 'x', request: { method: 'web3_sha3', params: ['0xf00d02'] } },
        { ...channel, kind: 'request', id: 3, request: 'web3_sha3 0xf00d02' },
        JSON.stringify({
          ...channel,
          kind: 'request',
          id: 4,
          request: { method: 'web3_sha3', params: ['0xf00d02'] },
        }),
      ]
      for (const message of forged) window.postMessage(message, '*')
    }, CHANNEL)
    await settle()
    expect(await marked('0xf00d02')).toEqual([])
  })

  it('records the browser’s origin even when a forged request claims another one', async () => {
    await page.evaluate((channel) => {
      window.postMessage(
        {
          ...channel,
          kind: 'request',
          id: 424242,
          origin: 'https://bank.example',
          request: { method: 'web3_sha3', params: ['0xf00d03'] },
        },
        location.origin,
      )
    }, CHANNEL)
    await settle()
    const entries = await marked('0xf00d03')
    expect(entries.map((e) => e.origin)).toEqual([origin])
  })

  it('cannot send panel commands through the page channel or the provider', async () => {
    await page.evaluate(async (channel) => {
      window.postMessage(
        { ...channel, kind: 'setSettings', id: 5, settings: { rejectNext: true } },
        location.origin,
      )
      window.postMessage(
        { ...channel, kind: 'importKey', id: 6, privateKey: `0x${'22'.repeat(32)}` },
        location.origin,
      )
      const eth = (window as unknown as { ethereum: Eth }).ethereum
      for (const method of ['setSettings', 'importKey', 'resolveApproval', 'setNetwork']) {
        await eth.request({ method, params: [{ rejectNext: true }] }).catch(() => undefined)
      }
    }, CHANNEL)
    await settle()
    const state = (await controlExtension(ext, { kind: 'getState' })).result as {
      settings: { rejectNext: boolean; requireApproval: boolean }
      accounts: string[]
    }
    expect(state.settings).toEqual({ rejectNext: false, requireApproval: false, isMetaMask: true })
    expect(state.accounts).toHaveLength(20)
  })

  it('cannot connect to the extension directly from the page', async () => {
    const result = await page.evaluate((id) => {
      const runtime = (
        window as unknown as { chrome?: { runtime?: { connect?: (id: string, o: object) => unknown } } }
      ).chrome?.runtime
      if (!runtime?.connect) return 'no runtime.connect'
      try {
        runtime.connect(id, { name: 'rsk:devtools' })
        return 'connected'
      } catch (e) {
        return `refused: ${(e as Error).message}`
      }
    }, ext.extensionId)
    expect(result).not.toBe('connected')
  })
})
