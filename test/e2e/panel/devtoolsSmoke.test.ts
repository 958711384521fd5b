/**
 * Smoke test in real DevTools: Chromium opens DevTools for each tab
 * (--auto-open-devtools-for-tabs), our devtools_page adds the "RSK Devnode" panel, the test shows
 * it through the DevTools front end and reads the panel's own DOM. Playwright does not list
 * DevTools targets, so this talks CDP to the browser (recipe §7); the front-end internals it
 * uses (ui/legacy/legacy.js, InspectorView) may move between Chromium versions.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Browser, type CDPSession, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPanelSetup, type PanelSetup } from './panelHarness.js'

interface TargetInfo {
  targetId: string
  type: string
  url: string
}

/** Runs `Runtime.evaluate` in a target through a non-flat session (CDPSession cannot address child sessions). */
async function evaluateIn(cdp: CDPSession, targetId: string, expression: string): Promise<unknown> {
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as {
    sessionId: string
  }
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('evaluate timed out')), 10_000)
      const onMessage = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return
        const message = JSON.parse(event.message) as {
          id?: number
          result?: { result?: { value?: unknown } }
        }
        if (message.id !== 1) return
        clearTimeout(timer)
        cdp.off('Target.receivedMessageFromTarget', onMessage)
        resolve(message.result?.result?.value)
      }
      cdp.on('Target.receivedMessageFromTarget', onMessage)
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({
          id: 1,
          method: 'Runtime.evaluate',
          params: { expression, awaitPromise: true, returnByValue: true },
        }),
      })
    })
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined)
  }
}

describe('panel inside real DevTools', () => {
  let setup: PanelSetup
  let browser: Browser
  let cdp: CDPSession

  beforeAll(async () => {
    setup = await launchPanelSetup(['--auto-open-devtools-for-tabs', '--remote-debugging-port=0'])
    const port = (await readFile(join(setup.userDataDir, 'DevToolsActivePort'), 'utf8')).split('\n')[0]
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
    cdp = await browser.newBrowserCDPSession()
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await setup?.close()
  })

  it('finds the RSK Devnode panel in DevTools and renders it', async () => {
    const page = await setup.context.newPage()
    await page.goto(setup.server.url)
    const targets = async () =>
      ((await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] }).targetInfos
    let devtools: TargetInfo | undefined
    await expect
      .poll(
        async () => (devtools = (await targets()).find((t) => t.url.startsWith('devtools://devtools/'))),
        { timeout: 20_000 },
      )
      .toBeTruthy()
    // DevTools names extension panels by origin + title without spaces.
    const panelId = `chrome-extension://${setup.extensionId}RSKDevnode`
    const show = `(async () => { const UI = await import('./ui/legacy/legacy.js');
      const view = UI.InspectorView.InspectorView.instance();
      if (!view.hasPanel(${JSON.stringify(panelId)})) return 'no-panel-yet ' + JSON.stringify(view.tabbedPane?.tabIds?.() ?? null);
      await view.showPanel(${JSON.stringify(panelId)}); return 'shown' })()`
    await expect
      .poll(() => evaluateIn(cdp, devtools!.targetId, show), { timeout: 20_000, interval: 500 })
      .toBe('shown')
    let panelTarget: TargetInfo | undefined
    await expect
      .poll(
        async () =>
          (panelTarget = (await targets()).find((t) => t.url.includes('/src/devtools/panel/index.html'))),
        { timeout: 20_000 },
      )
      .toBeTruthy()
    const read = `(() => ({ network: document.querySelector('[data-testid="network"]')?.textContent,
      theme: document.documentElement.dataset.theme, inDevtools: !!chrome.devtools }))()`
    await expect
      .poll(() => evaluateIn(cdp, panelTarget!.targetId, read), { timeout: 20_000, interval: 500 })
      .toEqual({
        network: 'testnet (0x1f)',
        theme: expect.stringMatching(/^(light|dark)$/),
        inDevtools: true,
      })
  })
})
