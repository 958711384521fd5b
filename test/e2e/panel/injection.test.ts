/**
 * The allow list of origins the provider is injected into, driven through the panel's Apps view
 * against the built extension: with only origin A listed, a page on A has `window.ethereum` at
 * its first script and a page on B (another port, or `localhost` instead of `127.0.0.1`) has
 * none; removing and adding patterns changes it for the next load; the list survives a worker
 * restart and a browser restart. Screenshots of the Apps view with the list, light and dark.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  controlExtension,
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
  stopServiceWorker,
} from '../harness.js'
import { launchPanelSetup, openPanel, type PanelSetup, screenshot } from './panelHarness.js'

/** What the page's first script sees, and whether the provider answered it afterwards. */
const PAGE = `<!doctype html><html><head><script>
  window.__seen = { ethereum: typeof window.ethereum, isRskDevnode: !!(window.ethereum && window.ethereum.isRskDevnode) }
  window.__announced = 0
  window.addEventListener('eip6963:announceProvider', () => window.__announced++)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.__chainId = window.ethereum ? window.ethereum.request({ method: 'eth_chainId' }) : Promise.resolve(null)
</script></head><body>allow list</body></html>`

interface Seen {
  ethereum: string
  isRskDevnode: boolean
  announced: number
  chainId: string | null
}

async function visit(page: Page, url: string): Promise<Seen> {
  await page.goto(url)
  return page.evaluate(async () => {
    const w = window as unknown as {
      __seen: { ethereum: string; isRskDevnode: boolean }
      __announced: number
      __chainId: Promise<string | null>
    }
    return { ...w.__seen, announced: w.__announced, chainId: await w.__chainId }
  })
}

const INJECTED: Seen = { ethereum: 'object', isRskDevnode: true, announced: 1, chainId: '0x1f' }
const ABSENT: Seen = { ethereum: 'undefined', isRskDevnode: false, announced: 0, chainId: null }

async function listed(panel: Page): Promise<string[]> {
  return panel
    .locator('[data-testid="allow-pattern"]')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.pattern ?? ''))
}

async function add(panel: Page, pattern: string): Promise<void> {
  await panel.fill('[data-testid="allow-input"]', pattern)
  await panel.click('[data-testid="allow-add"]')
  await expect.poll(() => panel.inputValue('[data-testid="allow-input"]')).toBe('')
}

async function remove(panel: Page, pattern: string): Promise<void> {
  await panel
    .locator(`[data-testid="allow-pattern"][data-pattern="${pattern}"] [data-testid="allow-remove"]`)
    .click()
  await expect.poll(() => listed(panel)).not.toContain(pattern)
}

describe('injection allow list (Apps view)', () => {
  let setup: PanelSetup
  let other: PageServer
  let panel: Page
  let tab: Page
  let a: string
  let b: string
  let aAsLocalhost: string

  beforeAll(async () => {
    ;[setup, other] = await Promise.all([launchPanelSetup(), startPageServer()])
    setup.server.route('/allow', PAGE)
    other.route('/allow', PAGE)
    a = `${setup.server.url}/allow`
    b = `${other.url}/allow`
    aAsLocalhost = a.replace('127.0.0.1', 'localhost')
    panel = await openPanel(setup, '?view=apps')
    tab = await setup.context.newPage()
  })

  afterAll(async () => {
    await other?.close()
    await setup?.close()
  })

  it('injects into every site by default', async () => {
    await expect.poll(() => listed(panel)).toEqual(['<all_urls>'])
    expect(await panel.textContent('[data-testid="allow-pattern"]')).toContain('All sites')
    expect(await visit(tab, a)).toEqual(INJECTED)
    expect(await visit(tab, b)).toEqual(INJECTED)
    expect(await visit(tab, aAsLocalhost)).toEqual(INJECTED)
  })

  it('with only origin A listed, injects into A before its first script and not into B', async () => {
    const originA = new URL(a).origin
    // An origin without a path is completed to a pattern for all its pages.
    await add(panel, originA)
    await remove(panel, '<all_urls>')
    expect(await listed(panel)).toEqual([`${originA}/*`])
    expect(await visit(tab, a)).toEqual(INJECTED)
    // Another port of the same host, and the same port under another host name.
    expect(await visit(tab, b)).toEqual(ABSENT)
    expect(await visit(tab, aAsLocalhost)).toEqual(ABSENT)
  })

  it('refuses a malformed pattern and keeps the list', async () => {
    await panel.fill('[data-testid="allow-input"]', 'https://exa*mple.com/*')
    await panel.click('[data-testid="allow-add"]')
    await expect.poll(() => panel.textContent('[data-testid="allow-error"]')).toMatch(/host/)
    expect(await listed(panel)).toHaveLength(1)
    await panel.fill('[data-testid="allow-input"]', '')
  })

  it('follows removals and additions on the next load', async () => {
    const originA = new URL(a).origin
    const originB = new URL(b).origin
    await add(panel, `${originB}/*`)
    await remove(panel, `${originA}/*`)
    expect(await listed(panel)).toEqual([`${originB}/*`])
    expect(await visit(tab, a)).toEqual(ABSENT)
    expect(await visit(tab, b)).toEqual(INJECTED)
    // A wildcard port for the localhost name.
    await add(panel, 'http://localhost:*/*')
    expect(await visit(tab, aAsLocalhost)).toEqual(INJECTED)
    expect(await visit(tab, a)).toEqual(ABSENT)
  })

  it('offers to allow an app that used the provider but is not listed', async () => {
    const originA = new URL(a).origin
    const row = panel.locator('[data-testid="app-row"]', { hasText: originA })
    await expect.poll(() => row.count()).toBe(1)
    expect(await row.locator('[data-testid="app-injected"]').textContent()).toBe('no')
    // Covered by http://localhost:*/*: shown as injected, nothing to allow.
    const localhostRow = panel.locator('[data-testid="app-row"]', { hasText: new URL(aAsLocalhost).origin })
    expect(await localhostRow.locator('[data-testid="app-injected"]').textContent()).toBe('yes')
    expect(await localhostRow.locator('[data-testid="app-allow"]').count()).toBe(0)
    await row.locator('[data-testid="app-allow"]').click()
    await expect.poll(() => listed(panel)).toContain(`${originA}/*`)
    expect(await row.locator('[data-testid="app-injected"]').textContent()).toBe('yes')
    expect(await visit(tab, a)).toEqual(INJECTED)
    await remove(panel, `${originA}/*`)
  })

  it('renders the Apps view with the allow list in light and dark themes (screenshots)', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openPanel(setup, `?view=apps&theme=${theme}`)
      await page.locator('[data-testid="allow-pattern"]').first().waitFor()
      await page.locator('[data-testid="app-row"]').first().waitFor()
      await page.waitForTimeout(300)
      await screenshot(page, `apps-allowlist-${theme}`)
      await page.close()
    }
  })

  it('keeps the list and the injection across a worker restart', async () => {
    const before = await listed(panel)
    const ext = { context: setup.context, extensionId: setup.extensionId } as ExtensionBrowser
    expect(await stopServiceWorker(ext)).toBe(true)
    // Registered scripts live in the browser, not the worker: pages get the provider (or not)
    // without waking it, and the worker's start-up sync finds nothing to change.
    expect(await visit(tab, b)).toEqual(INJECTED)
    expect(await visit(tab, a)).toEqual(ABSENT)
    const reopened = await openPanel(setup, '?view=apps')
    await expect.poll(() => listed(reopened)).toEqual(before)
    await reopened.click('[data-testid="allow-all"]')
    await expect.poll(() => listed(reopened)).toContain('<all_urls>')
    expect(await visit(tab, a)).toEqual(INJECTED)
    await reopened.close()
  })
})

describe('injection allow list across a browser restart', () => {
  let ext: ExtensionBrowser | undefined
  let server: PageServer | undefined
  let other: PageServer | undefined

  afterAll(async () => {
    await Promise.all([server?.close(), other?.close()])
    await ext?.close()
  })

  it('keeps only the listed origin injected after the browser is reopened on the same profile', async () => {
    ;[server, other] = await Promise.all([startPageServer(), startPageServer()])
    server.route('/', PAGE)
    other.route('/', PAGE)
    ext = await launchWithExtension()
    const pattern = `${server.url}/*`
    expect(await controlExtension(ext, { kind: 'addInjectionPattern', pattern })).toMatchObject({
      result: { patterns: ['<all_urls>', pattern] },
    })
    expect(
      await controlExtension(ext, { kind: 'removeInjectionPattern', pattern: '<all_urls>' }),
    ).toMatchObject({
      result: { patterns: [pattern], allSites: false },
    })
    await ext.close({ keepProfile: true })
    ext = await launchWithExtension({ userDataDir: ext.userDataDir })
    const page = await ext.context.newPage()
    expect(await visit(page, server.url)).toEqual(INJECTED)
    expect(await visit(page, other.url)).toEqual(ABSENT)
    expect(await controlExtension(ext, { kind: 'getInjection' })).toMatchObject({
      result: { patterns: [pattern] },
    })
  })
})
