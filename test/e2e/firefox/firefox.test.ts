/**
 * The dApp flows in real Firefox (Debian's firefox-esr) with the Firefox build installed as a
 * temporary add-on over WebDriver BiDi: the provider at the first script of the first page, EIP-6963,
 * accounts approved in the popup, a transaction mined, a chain switch, the background page stopped
 * and started again with the chain kept, and the DevTools panel's page. One browser for the whole
 * file, so the steps run in order and build on each other.
 */
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PageServer, startPageServer } from '../harness.js'
import { type ExtensionTab, type FirefoxWithAddon, launchFirefoxWithAddon } from './firefoxHarness.js'

const FIRST_SCRIPT = `<!doctype html><html><head><script>
  window.__seen = { ethereum: typeof window.ethereum, isRskDevnode: !!(window.ethereum && window.ethereum.isRskDevnode) }
  window.__announced = []
  window.addEventListener('eip6963:announceProvider', (e) => window.__announced.push(e.detail.info.rdns))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.__chainChanged = []
  if (window.ethereum) window.ethereum.on('chainChanged', (id) => window.__chainChanged.push(id))
</script></head><body>first page</body></html>`

const ACCOUNT = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const RECIPIENT = '0x00000000000000000000000000000000000000aa'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type Outcome = { result?: unknown; code?: number; message?: string }

describe('the extension in Firefox', () => {
  let firefox: FirefoxWithAddon
  let server: PageServer
  let page: Page
  let popup: ExtensionTab
  let sentHash: string

  beforeAll(async () => {
    ;[firefox, server] = await Promise.all([launchFirefoxWithAddon(), startPageServer()])
    server.route('/first', FIRST_SCRIPT)
    page = firefox.firstPage
  })

  afterAll(async () => {
    await server?.close()
    await firefox?.close()
  })

  /** A request from the page's `window.ethereum`, answered with its result or its error. */
  const request = (method: string, params: unknown[] = []): Promise<Outcome> =>
    page.evaluate(
      (m, p) =>
        (window as unknown as { ethereum: Eth }).ethereum.request({ method: m, params: p }).then(
          (result) => ({ result }),
          (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
        ),
      method,
      params,
    )

  /** The popup's state as the background reports it, over the popup's own Port. */
  const popupState = () =>
    popup.evaluate<{
      settings: { requireApproval: boolean }
      approvals: unknown[]
    }>(`new Promise((resolve) => {
      const port = chrome.runtime.connect({ name: 'rsk:devtools' })
      port.onMessage.addListener((m) => { if (m.kind === 'reply' && m.id === 7) { port.disconnect(); resolve(m.result) } })
      port.postMessage({ kind: 'getState', id: 7 })
    })`)

  it('has window.ethereum at the first script of the first page after install, announced by EIP-6963', async () => {
    // The tab Firefox started with, navigated as soon as the add-on is installed: nothing waited
    // for the background page.
    await page.goto(`${server.url}/first`)
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __seen: object; __announced: string[] }
      return { ...w.__seen, announced: w.__announced }
    })
    expect(seen).toEqual({ ethereum: 'object', isRskDevnode: true, announced: ['dev.rskdevnode'] })
    expect(await request('eth_chainId')).toEqual({ result: '0x1f' })
  })

  it('asks for eth_requestAccounts in the popup and gives the page the account once approved', async () => {
    popup = await firefox.openExtensionTab('src/wallet/popup/index.html')
    await popup.evaluate(`(() => {
      const box = document.getElementById('requireApproval')
      if (!box.checked) box.click()
    })()`)
    await expect.poll(async () => (await popupState()).settings.requireApproval).toBe(true)
    expect(await request('eth_accounts')).toEqual({ result: [] })

    const rejected = request('eth_requestAccounts')
    await clickInPopup('reject')
    expect(await rejected).toMatchObject({ code: 4001 })

    const approved = request('eth_requestAccounts')
    await clickInPopup('approve')
    expect(await approved).toEqual({ result: [ACCOUNT] })
    expect(await request('eth_accounts')).toEqual({ result: [ACCOUNT] })

    await popup.evaluate(`(() => document.getElementById('requireApproval').click())()`)
    await expect.poll(async () => (await popupState()).settings.requireApproval).toBe(false)
  })

  /** Waits for the popup's approval button and clicks it. */
  async function clickInPopup(action: 'approve' | 'reject'): Promise<void> {
    await expect
      .poll(() =>
        popup.evaluate<boolean>(`(() => {
          const button = document.querySelector('[data-action="${action}"]')
          if (button) button.click()
          return !!button
        })()`),
      )
      .toBe(true)
  }

  it('sends a transaction that is mined', async () => {
    const sent = await request('eth_sendTransaction', [{ from: ACCOUNT, to: RECIPIENT, value: '0x3e8' }])
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    sentHash = sent.result as string
    const receipt = (await request('eth_getTransactionReceipt', [sentHash])).result as {
      status: string
      blockNumber: string
    } | null
    expect(receipt).toMatchObject({ status: '0x1' })
    expect(await request('eth_getBalance', [RECIPIENT, 'latest'])).toEqual({ result: '0x3e8' })
  })

  it('switches the chain with wallet_switchEthereumChain and tells the page', async () => {
    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x21' }])).toEqual({ result: null })
    expect(await request('eth_chainId')).toEqual({ result: '0x21' })
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __chainChanged: string[] }).__chainChanged))
      .toEqual(['0x21'])
  })

  it('keeps the chain when the background page is stopped and started again', async () => {
    expect(await firefox.backgroundStatus()).toBe('RUNNING')
    await firefox.terminateBackground()
    await expect.poll(() => firefox.backgroundStatus()).toBe('STOPPED')
    // The page's next request starts the background again, which reads the chain from IndexedDB.
    expect(await request('eth_chainId')).toEqual({ result: '0x21' })
    expect(await firefox.backgroundStatus()).toBe('RUNNING')
    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x1f' }])).toEqual({ result: null })
    expect(await request('eth_getTransactionReceipt', [sentHash])).toMatchObject({
      result: { status: '0x1' },
    })
    expect(await request('eth_getBalance', [RECIPIENT, 'latest'])).toEqual({ result: '0x3e8' })
    expect(await request('eth_accounts')).toEqual({ result: [ACCOUNT] })
  })

  it('serves the DevTools panel page, which reaches the background over its Port', async () => {
    const panel = await firefox.openExtensionTab('src/devtools/panel/index.html')
    const text = (selector: string) =>
      panel.evaluate<string | null>(`document.querySelector('${selector}')?.textContent ?? null`)
    await expect.poll(() => text('[data-testid="network"]'), { timeout: 30_000 }).toContain('0x1f')
    await request('eth_blockNumber')
    await expect.poll(() => text('[data-testid="logged"]'), { timeout: 30_000 }).toMatch(/Requests: [1-9]/)
    await panel.close()
  })
})
