/**
 * The dApp built for MetaMask (../metamaskDapp.ts) against the Firefox build: isMetaMask at the
 * first script and every wallet feature enabled; each wallet method MetaMask serves from the page;
 * networkChanged and a sendAsync batch; "Require approval" showing typed data and a transaction
 * decoded in the popup; the watched token listed with its balance; the isMetaMask setting, which
 * reaches the page's first script after a reload.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PageServer, startPageServer } from '../harness.js'
import {
  ACCOUNT,
  checkWalletMethods,
  METAMASK_DAPP_HTML,
  type Outcome,
  TYPED_V4,
  type DappWindow as W,
} from '../metamaskDapp.js'
import { type ExtensionTab, type FirefoxWithAddon, launchFirefoxWithAddon } from './firefoxHarness.js'

describe('a dApp built for MetaMask, in Firefox', () => {
  let firefox: FirefoxWithAddon
  let server: PageServer
  let page: Page
  let popup: ExtensionTab

  beforeAll(async () => {
    ;[firefox, server] = await Promise.all([launchFirefoxWithAddon(), startPageServer()])
    server.route('/dapp', METAMASK_DAPP_HTML)
    page = firefox.firstPage
    await page.goto(`${server.url}/dapp`)
  })

  afterAll(async () => {
    await server?.close()
    await firefox?.close()
  })

  const call = (method: string, params?: unknown) =>
    page.evaluate((a) => (window as unknown as W).dappCall(a), { method, params })

  it('finds isMetaMask at its first script and enables all its wallet features', async () => {
    expect(await page.evaluate(() => (window as unknown as W).__firstScript)).toEqual({
      isMetaMask: true,
      isRskDevnode: true,
    })
    expect(await page.evaluate(() => (window as unknown as W).__cards)).toEqual([
      { rdns: 'dev.rskdevnode', name: 'RSK Devnode' },
    ])
    expect(await page.evaluate(() => (window as unknown as W).dappInit())).toEqual({
      wallet: true,
      chain: '0x1f',
      accounts: [ACCOUNT],
      unlocked: true,
      reason: null,
    })
    expect(await page.evaluate(() => document.querySelectorAll('button[data-wallet]:disabled').length)).toBe(
      0,
    )
  })

  it('answers every wallet method MetaMask serves, from the page', async () => {
    await checkWalletMethods(call)
  })

  it('emits networkChanged and answers a sendAsync batch', async () => {
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x21' }])).toEqual({ result: null })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as W).__events))
      .toEqual(expect.arrayContaining([['networkChanged', '33']]))
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x1f' }])).toEqual({ result: null })
    const batch = await page.evaluate(
      () =>
        new Promise((resolve) =>
          (window as unknown as W).ethereum.sendAsync(
            [
              { id: 1, jsonrpc: '2.0', method: 'eth_chainId', params: [] },
              { id: 2, jsonrpc: '2.0', method: 'net_version', params: [] },
            ],
            (_e, r) => resolve(r),
          ),
        ),
    )
    expect(batch).toEqual([
      { id: 1, jsonrpc: '2.0', result: '0x1f' },
      { id: 2, jsonrpc: '2.0', result: '31' },
    ])
  })

  /** The first approval's text in the popup once it is there, then a click on Approve. */
  async function approveShowing(method: string, params: unknown): Promise<{ text: string; answer: Outcome }> {
    const answer = call(method, params)
    let text = ''
    await expect
      .poll(async () => {
        text = await popup.evaluate<string>(`(() => {
          const box = document.querySelector('.approval')
          return box && box.querySelector('[data-testid="approval-decoded"]') ? box.textContent : ''
        })()`)
        return text.length > 0
      })
      .toBe(true)
    await popup.evaluate(`(() => document.querySelector('.approval [data-action="approve"]').click())()`)
    return { text, answer: await answer }
  }

  it('lists the watched token in the popup and shows typed data and a transaction decoded for approval', async () => {
    popup = await firefox.openExtensionTab('src/wallet/popup/index.html')
    await expect
      .poll(() =>
        popup.evaluate<string>(`document.querySelector('[data-testid="popup-assets"]').textContent`),
      )
      .toContain('12.34 DAPP')
    await popup.evaluate(
      `(() => { const box = document.getElementById('requireApproval'); if (!box.checked) box.click() })()`,
    )
    await new Promise((r) => setTimeout(r, 300))

    const typed = await approveShowing('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(TYPED_V4)])
    expect(typed.answer.result).toMatch(/^0x[0-9a-f]{130}$/)
    for (const shown of [
      'Sign typed data (eth_signTypedData_v4): Mail',
      'Ether Mail',
      'contents (string)',
      'Hello from the dApp',
    ])
      expect(typed.text).toContain(shown)

    const tx = await approveShowing('eth_sendTransaction', [
      { from: ACCOUNT, to: '0x00000000000000000000000000000000000000aa', value: '0x38d7ea4c68000' },
    ])
    expect(tx.answer.result).toMatch(/^0x[0-9a-f]{64}$/)
    expect(tx.text).toContain('Value0.001 tRBTC')
    expect(tx.text).toContain('Gas limit21000')

    await popup.evaluate(`(() => document.getElementById('requireApproval').click())()`)
  })

  it('turns isMetaMask off from the popup: the page sees it at once and at its first script after a reload', async () => {
    const pageSees = () =>
      page.evaluate(() => (window as unknown as { ethereum: { isMetaMask: boolean } }).ethereum.isMetaMask)
    await popup.evaluate(`(() => document.getElementById('isMetaMask').click())()`)
    await expect.poll(pageSees).toBe(false)
    const firstScriptSees = async () => {
      await page.reload()
      return page.evaluate(
        () => ((window as unknown as W).__firstScript as { isMetaMask: boolean }).isMetaMask,
      )
    }
    await expect.poll(firstScriptSees).toBe(false)
    await popup.evaluate(`(() => document.getElementById('isMetaMask').click())()`)
    await expect.poll(pageSees).toBe(true)
    await expect.poll(firstScriptSees).toBe(true)
  })
})
