/**
 * ethers v6, viem, web3.js v4 and wagmi drive the injected provider in real Chromium against the
 * built extension: connect, chain id, deploy, call, send and wait, revert reason, events through
 * filters and eth_subscribe, signatures that verify, chain switching, reconnect after reload.
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
import { servePage } from './pages.js'

const COW = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const OTHER = '0x7986b3df570230288501eea3d890bd66948c9b79'

describe('dApp libraries against the extension', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let url: string

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    url = await servePage(server, '/compat', 'pages/compat.ts')
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  async function run(flow: string, page?: Page): Promise<Record<string, unknown>> {
    const p = page ?? (await ext.context.newPage())
    if (!page) {
      await p.goto(url)
      await p.waitForFunction(() => document.title === 'compat ready')
    }
    return p.evaluate(
      (name) =>
        (window as unknown as { flows: Record<string, () => Promise<Record<string, unknown>>> }).flows[
          name
        ]!(),
      flow,
    )
  }

  it('ethers v6 BrowserProvider: deploy, call, send, events, revert reason, signatures', async () => {
    const out = await run('ethers')
    expect(out).toMatchObject({
      chainId: '31',
      account: COW,
      balance: (1000n * 10n ** 18n).toString(),
      transferStatus: 1,
      otherBalance: '5',
      messageSigner: COW,
      typedSigner: COW,
    })
    expect(out.transfers).toEqual([`${COW}>${OTHER}:5`])
    expect(out.revert).toMatchObject({ code: 'CALL_EXCEPTION', reason: 'DemoToken: always fails' })
  })

  it('viem custom transport: deploy, read, write, filters, eth_subscribe, signatures, chain switching', async () => {
    const out = await run('viem')
    expect(out).toMatchObject({
      account: COW,
      chainId: 31,
      deployStatus: 'success',
      transferStatus: 'success',
      messageVerifies: true,
      typedVerifies: true,
      switched: [33, 30, 31],
    })
    expect(out.filterLogs).toBeGreaterThan(0)
    expect(typeof out.subscription).toBe('string')
    expect(out.subscriptionMessages).toBeGreaterThan(0)
    expect(String((out.revert as { message: string }).message)).toContain('DemoToken: always fails')
    expect(out.unknownChain).toMatchObject({ code: 4902 })
    expect(out.chainChangedEvents).toEqual(['0x21', '0x1e', '0x1f'])
  })

  it('web3.js v4 with legacy transactions: deploy, send, call, revert reason, signature', async () => {
    const out = await run('web3')
    expect(out).toMatchObject({
      account: COW,
      chainId: '31',
      netVersion: '31',
      transferStatus: '1',
      transferType: '0',
    })
    expect(Number(out.otherBalance)).toBeGreaterThanOrEqual(3)
    expect(String((out.revert as { message: string }).message)).toContain('DemoToken: always fails')
    expect(out.messageSigner).toBe(COW)
  })

  it('wagmi finds the connector through EIP-6963, connects, signs and switches chains', async () => {
    const out = await run('wagmiConnect')
    expect(out).toMatchObject({
      connectorName: 'RSK Devnode',
      accounts: [COW],
      chainId: 31,
      afterSwitch: 33,
      messageVerifies: true,
      afterSwitchBack: 31,
      status: 'connected',
    })
  })

  it('reconnects after a reload without a prompt, even when approvals are required', async () => {
    const page = await ext.context.newPage()
    await page.goto(url)
    await page.waitForFunction(() => document.title === 'compat ready')
    await run('wagmiConnect', page)
    expect(
      (await controlExtension(ext, { kind: 'setSettings', settings: { requireApproval: true } })).error,
    ).toBeUndefined()
    try {
      await page.reload()
      await page.waitForFunction(() => document.title === 'compat ready')
      const out = await run('wagmiReconnect', page)
      expect(out).toEqual({ status: 'connected', address: COW, connector: 'dev.rskdevnode' })
      const state = (await controlExtension(ext, { kind: 'getState' })).result as { approvals: unknown[] }
      expect(state.approvals).toEqual([])
    } finally {
      await controlExtension(ext, { kind: 'setSettings', settings: { requireApproval: false } })
    }
  })
})
