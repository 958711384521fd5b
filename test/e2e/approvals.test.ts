/**
 * The 4001 switches in Chromium: "reject the next request" and "require approval" with the
 * popup's Approve / Reject buttons; and the DevTools panel page talking to the worker.
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
  switchOnRequireApproval,
} from './harness.js'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }

describe('approval switches and extension pages', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page
  let popup: Page

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', '<!doctype html><html><body>approvals</body></html>')
    popup = await ext.context.newPage()
    await popup.goto(`chrome-extension://${ext.extensionId}/src/wallet/popup/index.html`)
    page = await ext.context.newPage()
    await page.goto(server.url)
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  const requestAccounts = () =>
    page.evaluate(() =>
      (window as unknown as { ethereum: Eth }).ethereum.request({ method: 'eth_requestAccounts' }).then(
        (accounts) => ({ accounts }),
        (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
      ),
    )

  it('rejects the next request with 4001 once when "reject next" is switched on in the popup', async () => {
    await popup.check('#rejectNext')
    await expect
      .poll(
        async () =>
          (
            (await controlExtension(ext, { kind: 'getState' })).result as {
              settings: { rejectNext: boolean }
            }
          ).settings.rejectNext,
      )
      .toBe(true)
    expect(await requestAccounts()).toEqual({ code: 4001, message: 'User rejected the request.' })
    await expect.poll(() => popup.isChecked('#rejectNext')).toBe(false)
  })

  it('waits for Reject or Approve in the popup when approval is required', async () => {
    await switchOnRequireApproval(ext, popup)
    const rejected = requestAccounts()
    // The worker also opens an approval window; our popup tab must be in front to be clicked.
    await popup.locator('[data-action="reject"]').waitFor()
    await popup.bringToFront()
    await popup.locator('[data-action="reject"]').click()
    expect(await rejected).toMatchObject({ code: 4001 })
    const approved = requestAccounts()
    await popup.locator('[data-action="approve"]').waitFor()
    await popup.bringToFront()
    await popup.locator('[data-action="approve"]').click()
    expect(await approved).toEqual({ accounts: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'] })
    await popup.uncheck('#requireApproval')
  })

  it('asks again for an approval that was pending when the worker stopped, and answers the page once approved', async () => {
    await switchOnRequireApproval(ext, popup)
    const account = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
    const signed = page.evaluate(
      (from) =>
        (window as unknown as { ethereum: Eth }).ethereum
          .request({ method: 'personal_sign', params: ['0x68656c6c6f', from] })
          .then(
            (signature) => ({ signature }),
            (e: { code: number }) => ({ code: e.code }),
          ),
      account,
    )
    await popup.locator('[data-action="approve"]').waitFor()
    // The approval lives in the worker's memory: stopping the worker loses it, and the page's
    // relay replays the request to the next worker, which must ask again.
    expect(await stopServiceWorker(ext)).toBe(true)
    await popup.reload()
    await popup.locator('[data-action="approve"]').waitFor({ timeout: 30_000 })
    await popup.bringToFront()
    await popup.locator('[data-action="approve"]').click()
    const answer = (await signed) as { signature?: string }
    expect(answer.signature).toMatch(/^0x[0-9a-f]{130}$/)
    await popup.uncheck('#requireApproval')
  })

  it('serves the DevTools panel page, which reaches the worker over its Port', async () => {
    const panel = await ext.context.newPage()
    await panel.goto(`chrome-extension://${ext.extensionId}/src/devtools/panel/index.html`)
    // The panel UI has its own tests; here only that it gets state and live log entries.
    await expect.poll(() => panel.textContent('[data-testid="network"]')).toContain('0x1f')
    await page.evaluate(() =>
      (window as unknown as { ethereum: Eth }).ethereum.request({ method: 'eth_blockNumber' }),
    )
    await expect.poll(() => panel.textContent('[data-testid="logged"]')).toMatch(/Requests: [1-9]/)
  })
})
