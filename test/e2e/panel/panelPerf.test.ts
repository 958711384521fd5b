/**
 * The panel at 10,000 blocks and 10,000 requests: render and scroll measured in Chromium, long
 * tasks (> 50 ms) counted with the Performance API. Figures are printed for the closing note.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headOf, launchPanelSetup, openPanel, type PanelSetup } from './panelHarness.js'

const BLOCKS = 10_000
const REQUESTS = 10_000

/** Starts counting long tasks in the page; returns a function that reads the count and total. */
async function watchLongTasks(page: Page): Promise<() => Promise<{ count: number; totalMs: number }>> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] }
    w.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  return () =>
    page.evaluate(() => {
      const tasks = (window as unknown as { longTasks: number[] }).longTasks
      return { count: tasks.length, totalMs: tasks.reduce((a, b) => a + b, 0) }
    })
}

/** Scrolls a list from top to bottom in viewport-sized steps, one step per animation frame. */
async function scrollThrough(page: Page, testId: string, steps: number): Promise<number> {
  return page.evaluate(
    async ([id, n]) => {
      const viewport = document.querySelector(`[data-testid="${id}"]`) as HTMLElement
      const started = performance.now()
      const stride = (viewport.scrollHeight - viewport.clientHeight) / (n as number)
      for (let i = 1; i <= (n as number); i++) {
        viewport.scrollTop = stride * i
        await new Promise((done) => requestAnimationFrame(() => done(null)))
      }
      return performance.now() - started
    },
    [testId, steps] as const,
  )
}

describe('panel at scale', () => {
  let setup: PanelSetup
  let panel: Page
  const liveRequests = { seen: '', longTasks: 0 }

  beforeAll(async () => {
    setup = await launchPanelSetup()
    // Opened first: the 10,000 requests reach it live, as pushes over its Port.
    panel = await openPanel(setup)
    const readLive = await watchLongTasks(panel)
    const dapp = await setup.context.newPage()
    await dapp.goto(setup.server.url)
    await dapp.locator('#chain', { hasText: '0x1f' }).waitFor()
    // 10,000 page requests through the provider, 100 at a time.
    await dapp.evaluate(async (total) => {
      const eth = (window as unknown as { ethereum: { request(a: { method: string }): Promise<unknown> } })
        .ethereum
      for (let sent = 0; sent < total; sent += 100)
        await Promise.all(Array.from({ length: 100 }, () => eth.request({ method: 'eth_chainId' })))
    }, REQUESTS)
    await panel
      .locator('[data-testid="logged"]', { hasText: /Requests: 1\d{4}/ })
      .waitFor({ timeout: 60_000 })
    liveRequests.seen = (await panel.textContent('[data-testid="logged"]')) ?? ''
    liveRequests.longTasks = (await readLive()).count
    const started = Date.now()
    await panel.evaluate(async (count) => {
      // The panel's own Port, as the Mine control uses it: one anvil_mine of 10,000 blocks.
      const port = chrome.runtime.connect({ name: 'rsk:devtools' })
      await new Promise((done) => {
        port.onMessage.addListener(
          (m: { kind: string; id?: number }) => m.kind === 'reply' && m.id === 1 && done(null),
        )
        port.postMessage({ kind: 'rpc', id: 1, request: { method: 'anvil_mine', params: [count] } })
      })
      port.disconnect()
    }, BLOCKS)
    console.log(`mined ${BLOCKS} blocks in ${Date.now() - started} ms`)
  }, 600_000)

  afterAll(async () => {
    await setup?.close()
  })

  it('renders and scrolls 10,000 blocks without long tasks piling up', async () => {
    const fresh = await openPanel(setup)
    const read = await watchLongTasks(fresh)
    const t0 = Date.now()
    await expect.poll(() => headOf(fresh), { timeout: 30_000 }).toBeGreaterThanOrEqual(BLOCKS)
    await fresh.locator('[data-testid="block-number"]', { hasText: String(await headOf(fresh)) }).waitFor()
    const renderMs = Date.now() - t0
    const scrollMs = await scrollThrough(fresh, 'list-blocks', 200)
    const tasks = await read()
    console.log(
      `blocks: first render ${renderMs} ms, 200 scroll steps in ${scrollMs.toFixed(0)} ms, long tasks ${tasks.count} (${tasks.totalMs.toFixed(0)} ms)`,
    )
    // The last rows are the oldest blocks.
    await expect.poll(() => fresh.locator('[data-testid="block-number"]', { hasText: /^0$/ }).count()).toBe(1)
    expect(await fresh.locator('.row').count()).toBeLessThan(100)
    expect(tasks.count).toBeLessThan(10)
    await fresh.close()
  })

  it('shows 10,000 requests received live and scrolls them', async () => {
    await panel.bringToFront()
    const read = await watchLongTasks(panel)
    const t0 = Date.now()
    await panel.click('[data-testid="tab-requests"]')
    await panel.locator('[data-testid="request-method"]').first().waitFor()
    const renderMs = Date.now() - t0
    const total = Number(await panel.textContent('[data-testid="metric-total"]'))
    const scrollMs = await scrollThrough(panel, 'list-requests', 200)
    const tasks = await read()
    console.log(
      `requests: ${total} rows (${liveRequests.seen}), tab render ${renderMs} ms, 200 scroll steps in ${scrollMs.toFixed(0)} ms, long tasks ${tasks.count} (${tasks.totalMs.toFixed(0)} ms); while 10,000 arrived live: ${liveRequests.longTasks} long tasks`,
    )
    expect(total).toBeGreaterThanOrEqual(REQUESTS)
    expect(await panel.locator('.row').count()).toBeLessThan(100)
    expect(tasks.count).toBeLessThan(10)
  })
})
