/**
 * The fixture under test, from the sources, with a `site` worker fixture: a page served on
 * 127.0.0.1 for the provider to be injected into, and an `eth` helper that runs a request in it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { test as base } from '../../src/playwright/index.js'

export { expect } from '../../src/playwright/index.js'

export interface Site {
  url: string
  origin: string
}

export type EthOutcome = { result: unknown } | { error: { code: number; message: string } }

/** One `window.ethereum.request` in the page: its result, or its error's code and message. */
export function eth(page: Page, method: string, params?: unknown[]): Promise<EthOutcome> {
  return page.evaluate(
    ([m, p]) =>
      (
        window as unknown as {
          ethereum: { request(a: { method: string; params?: unknown }): Promise<unknown> }
        }
      ).ethereum
        .request({ method: m as string, ...(p === null ? {} : { params: p }) })
        .then(
          (result) => ({ result }),
          (e: { code: number; message: string }) => ({ error: { code: e.code, message: e.message } }),
        ),
    [method, params ?? null] as const,
  )
}

/** Sends a request from the page without waiting for its answer (it may wait for approval). */
export async function fire(page: Page, method: string, params?: unknown[]): Promise<void> {
  await page.evaluate(
    ([m, p]) => {
      const w = window as unknown as {
        ethereum: { request(a: { method: string; params?: unknown }): Promise<unknown> }
        answers?: unknown[]
      }
      w.answers ??= []
      void w.ethereum.request({ method: m as string, ...(p === null ? {} : { params: p }) }).then(
        (result) => w.answers?.push({ result }),
        (e: { code: number }) => w.answers?.push({ error: { code: e.code } }),
      )
    },
    [method, params ?? null] as const,
  )
}

/** The answers of fired requests, in arrival order. */
export function answers(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { answers?: unknown[] }).answers ?? [])
}

const PAGE = `<!doctype html><html><head><title>fixture test</title></head><body>
<p id="provider">waiting</p>
<script>
  const seen = []
  window.addEventListener('eip6963:announceProvider', (e) => seen.push(e.detail.info.name))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.announced = seen
  document.getElementById('provider').textContent = typeof window.ethereum
</script></body></html>`

export const test = base.extend<{ openSite: () => Promise<void> }, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = createServer((req, res) => {
        if (req.url === '/' || req.url?.startsWith('/?')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          res.end(PAGE)
        } else res.writeHead(404).end()
      })
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
      const { port } = server.address() as AddressInfo
      const origin = `http://127.0.0.1:${port}`
      await use({ url: `${origin}/`, origin })
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await closed
    },
    { scope: 'worker' },
  ],
  openSite: async ({ page, site }, use) => {
    await use(async () => {
      await page.goto(site.url)
      await page.waitForFunction(() => typeof (window as { ethereum?: unknown }).ethereum === 'object')
    })
  },
})
