/**
 * A dApp built for MetaMask against the extension in Chromium: it finds `isMetaMask` at its first
 * script and enables its wallet features; every wallet method MetaMask serves answers from the
 * page (checked against MetaMask's library); the legacy surface (networkChanged, sendAsync
 * batches, send); "Require approval" shows what is signed, decoded, in the popup; watched assets
 * are listed with their balance; the setting that turns isMetaMask off.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
  switchOnRequireApproval,
} from './harness.js'
import {
  ACCOUNT,
  checkWalletMethods,
  METAMASK_DAPP_HTML,
  type Outcome,
  TYPED_V4,
  type DappWindow as W,
} from './metamaskDapp.js'

describe('a dApp built for MetaMask, in Chromium', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page
  let popup: Page

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/dapp', METAMASK_DAPP_HTML)
    page = await ext.context.newPage()
    await page.goto(`${server.url}/dapp`)
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  const call = (method: string, params?: unknown) =>
    page.evaluate((a) => (window as unknown as W).dappCall(a), { method, params })

  it('finds isMetaMask at its first script and enables all its wallet features; the EIP-6963 card stays ours', async () => {
    const first = await page.evaluate(() => (window as unknown as W).__firstScript)
    expect(first).toEqual({ isMetaMask: true, isRskDevnode: true })
    const dapp = await page.evaluate(() => (window as unknown as W).dappInit())
    expect(dapp).toEqual({ wallet: true, chain: '0x1f', accounts: [ACCOUNT], unlocked: true, reason: null })
    expect(await page.locator('button[data-wallet]:disabled').count()).toBe(0)
    expect(await page.locator('button[data-wallet]:enabled').count()).toBe(5)
    expect(await page.evaluate(() => (window as unknown as W).__cards)).toEqual([
      { rdns: 'dev.rskdevnode', name: 'RSK Devnode' },
    ])
  })

  it('answers every wallet method MetaMask serves, from the page', async () => {
    await checkWalletMethods(call)
  })

  it('serves the legacy surface: networkChanged, sendAsync batches and no callback, send', async () => {
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x21' }])).toEqual({ result: null })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as W).__events))
      .toEqual(
        expect.arrayContaining([
          ['chainChanged', '0x21'],
          ['networkChanged', '33'],
        ]),
      )
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x1f' }])).toEqual({ result: null })
    const legacy = await page.evaluate(async () => {
      const eth = (window as unknown as W).ethereum
      const errors: string[] = []
      window.addEventListener('error', (e) => errors.push(String(e.message)))
      window.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)))
      const batch = await new Promise((resolve) =>
        eth.sendAsync(
          [
            { id: 1, jsonrpc: '2.0', method: 'eth_chainId', params: [] },
            { id: 2, jsonrpc: '2.0', method: 'eth_accounts', params: [] },
          ],
          (_e, r) => resolve(r),
        ),
      )
      eth.sendAsync({ id: 3, jsonrpc: '2.0', method: 'eth_chainId', params: [] })
      const sent = await (eth.send('eth_chainId', []) as Promise<unknown>)
      const sync = eth.send({ id: 4, method: 'net_version' })
      await new Promise((r) => setTimeout(r, 200))
      return { batch, sent, sync, errors }
    })
    expect(legacy).toEqual({
      batch: [
        { id: 1, jsonrpc: '2.0', result: '0x1f' },
        { id: 2, jsonrpc: '2.0', result: [ACCOUNT] },
      ],
      sent: { id: null, jsonrpc: '2.0', result: '0x1f' },
      sync: { id: 4, jsonrpc: '2.0', result: '31' },
      errors: [],
    })
  })

  it('lists the watched token with its balance in the popup', async () => {
    popup = await ext.context.newPage()
    await popup.goto(`chrome-extension://${ext.extensionId}/src/wallet/popup/index.html`)
    await expect.poll(() => popup.textContent('[data-testid="popup-assets"]')).toContain('12.34 DAPP')
  })

  it("lists the watched token in the DevTools panel's Accounts tab, whose toolbar switches isMetaMask too", async () => {
    const panel = await ext.context.newPage()
    await panel.goto(`chrome-extension://${ext.extensionId}/src/devtools/panel/index.html`)
    await panel.click('[data-testid="tab-accounts"]')
    await expect.poll(() => panel.textContent('[data-testid="watched-assets"]')).toContain('12.34 DAPP')
    expect(await panel.isChecked('[data-testid="is-metamask"]')).toBe(true)
    await panel.click('[data-testid="is-metamask"]')
    await expect.poll(() => page.evaluate(() => (window as unknown as W).ethereum.isMetaMask)).toBe(false)
    await expect.poll(() => panel.isChecked('[data-testid="is-metamask"]')).toBe(false)
    await panel.click('[data-testid="is-metamask"]')
    await expect.poll(() => page.evaluate(() => (window as unknown as W).ethereum.isMetaMask)).toBe(true)
    await panel.close()
  })

  /** Starts a request from the page, waits for its approval in the popup, reads it, approves it. */
  async function approveShowing(method: string, params: unknown): Promise<{ text: string; answer: Outcome }> {
    const answer = call(method, params)
    const box = popup.locator('.approval').first()
    await box.locator('[data-testid="approval-decoded"]').waitFor()
    const text = (await box.textContent()) ?? ''
    await popup.bringToFront()
    await box.locator('[data-action="approve"]').click()
    return { text, answer: await answer }
  }

  it('shows what is signed or sent, decoded, when approval is required', async () => {
    await switchOnRequireApproval(ext, popup)

    const typed = await approveShowing('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(TYPED_V4)])
    expect(typed.answer.result).toMatch(/^0x[0-9a-f]{130}$/)
    for (const shown of [
      'Sign typed data (eth_signTypedData_v4): Mail',
      'Domain',
      'Ether Mail',
      'verifyingContract',
      'Message: Mail',
      'contents (string)',
      'Hello from the dApp',
      'amounts[1] (uint256)',
    ])
      expect(typed.text).toContain(shown)

    const message = await approveShowing('personal_sign', ['0x48656c6c6f2c20526f6f7473746f636b21', ACCOUNT])
    expect(message.text).toContain('Hello, Rootstock!')

    const tx = await approveShowing('eth_sendTransaction', [
      { from: ACCOUNT, to: '0x00000000000000000000000000000000000000aa', value: '0x38d7ea4c68000' },
    ])
    expect(tx.answer.result).toMatch(/^0x[0-9a-f]{64}$/)
    for (const shown of [
      'Send 0.001 tRBTC to 0x00000000000000000000000000000000000000aa',
      'Value0.001 tRBTC',
      'Gas limit21000',
      'Max fee',
    ])
      expect(tx.text).toContain(shown)

    const batch = await approveShowing('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x1f',
        from: ACCOUNT,
        atomicRequired: false,
        calls: [
          { to: '0x00000000000000000000000000000000000000c3', value: '0x1' },
          { to: '0x00000000000000000000000000000000000000c4', data: '0x1234' },
        ],
      },
    ])
    expect(batch.answer.result).toMatchObject({ id: expect.any(String) })
    for (const shown of [
      'Send 2 calls one after another (not atomic)',
      'Call 1',
      'Call 2',
      '0x00000000000000000000000000000000000000c4',
      '0x1234',
    ])
      expect(batch.text).toContain(shown)

    await popup.uncheck('#requireApproval')
  })

  it('turns isMetaMask off from the popup: the page sees it at once and at its first script after a reload, and the dApp disables itself', async () => {
    await popup.uncheck('#isMetaMask')
    await expect.poll(() => page.evaluate(() => (window as unknown as W).ethereum.isMetaMask)).toBe(false)
    // After a reload the page's first script already sees it (a content script the worker registers).
    const firstScriptSees = async () => {
      await page.reload()
      return page.evaluate(() => (window as unknown as W).__firstScript.isMetaMask)
    }
    await expect.poll(firstScriptSees).toBe(false)
    const dapp = await page.evaluate(() => (window as unknown as W).dappInit())
    expect(dapp).toMatchObject({ wallet: false, reason: 'Please install MetaMask' })
    await popup.check('#isMetaMask')
    await expect.poll(() => page.evaluate(() => (window as unknown as W).ethereum.isMetaMask)).toBe(true)
    await expect.poll(firstScriptSees).toBe(true)
  })
})
