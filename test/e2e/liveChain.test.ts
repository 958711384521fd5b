/**
 * A live chain with the page silent: 1-second interval mining, a page that subscribes and then
 * sends nothing, and one forced stop of the worker. Nothing may keep the worker alive but the
 * extension itself, so this file drives Chromium with puppeteer-core, which never stays attached
 * to service workers (Playwright attaches to them, and an attached debugger keeps a worker
 * running and hides the problem). The worker is stopped from a page's CDP session
 * (`ServiceWorker.stopWorker`), not from the worker's.
 *
 * Two windows of 40 seconds each, in one browser: `newHeads` with no traffic at all, then `logs`
 * of a contract that emits on every call, with a transaction per block sent by a second page (the
 * interval blocks are empty otherwise) while the subscribing page stays silent. The worker is
 * stopped 5 seconds in, so the restarted worker then runs for 35 seconds with no request from the
 * subscribing page, longer than Chrome's 30-second idle timeout: only the extension's own
 * keep-alive holds it up through that.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMITTER_INIT_CODE } from '../fixtures/contracts/emitter.js'
import { CHROMIUM_PATH, EXTENSION_DIR, type PageServer, startPageServer } from './harness.js'

const WINDOW_MS = 40_000
const INTERVAL_MS = 1_000
const STOP_AT_MS = 5_000
const EXPECTED = WINDOW_MS / INTERVAL_MS
/** What a worker restart (stop, reconnect, chain reopened from IndexedDB) may add to a gap. */
const RESTART_ALLOWANCE_MS = 3_000
/** The longest wait for the next head or log: one interval, or one interval and a restart. */
const MAX_GAP_MS = INTERVAL_MS + RESTART_ALLOWANCE_MS

type Eth = {
  request(a: { method: string; params?: unknown[] }): Promise<unknown>
  on(event: string, listener: (payload: unknown) => void): void
}
type Received = { subscription: string; number: number; at: number; tx?: string; error?: unknown }
/** What the tests keep on the page's window (the provider, and what it received). */
type LiveWindow = { ethereum: Eth; received: Received[]; sent: number }

/** Stops the extension's worker from a page's CDP session; resolves once Chromium reports it stopped. */
async function stopWorker(page: Page, extensionId: string): Promise<void> {
  const cdp = await page.createCDPSession()
  type Version = { versionId: string; scriptURL: string; runningStatus: string }
  const versions = new Map<string, Version>()
  const listeners: Array<() => void> = []
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: Version[] }) => {
    for (const v of updated)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) versions.set(v.versionId, v)
    for (const listener of listeners) listener()
  })
  const until = (predicate: () => boolean, ms: number) =>
    new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('timeout waiting for the worker status')), ms)
      const check = () => {
        if (!predicate()) return
        clearTimeout(timer)
        done()
      }
      listeners.push(check)
      check()
    })
  try {
    await cdp.send('ServiceWorker.enable')
    const running = () => [...versions.values()].find((v) => v.runningStatus === 'running')
    await until(() => !!running(), 5_000)
    const { versionId } = running()!
    await cdp.send('ServiceWorker.stopWorker', { versionId })
    await until(() => versions.get(versionId)?.runningStatus === 'stopped', 10_000)
  } finally {
    await cdp.detach().catch(() => {})
  }
}

/**
 * The silent window: the page sends nothing; the worker is stopped from outside part-way; then
 * what the page received, and when the window ended.
 */
async function silentWindow(
  page: Page,
  extensionId: string,
): Promise<{ received: Received[]; endedAt: number }> {
  await new Promise((done) => setTimeout(done, STOP_AT_MS))
  await stopWorker(page, extensionId)
  await new Promise((done) => setTimeout(done, WINDOW_MS - STOP_AT_MS))
  return page.evaluate(() => ({
    received: (window as unknown as LiveWindow).received,
    endedAt: Date.now(),
  }))
}

/** Loads the page until the provider is there (the scripts are registered just after install). */
async function openDappPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage()
  for (let attempt = 0; attempt < 40; attempt++) {
    await page.goto(url)
    if (await page.evaluate(() => typeof (window as unknown as LiveWindow).ethereum === 'object')) return page
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error('the provider was never injected')
}

function checkStream(received: Received[], startedAt: number, endedAt: number) {
  const gaps = received.map((r, i) => r.at - (i === 0 ? startedAt : received[i - 1]!.at))
  gaps.push(endedAt - (received.at(-1)?.at ?? startedAt))
  return { count: received.length, maxGap: Math.max(...gaps), numbers: received.map((r) => r.number) }
}

describe('a silent page keeps receiving through a worker stop', () => {
  let browser: Browser
  let server: PageServer
  let userDataDir: string
  let extensionId: string

  beforeAll(async () => {
    userDataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-live-'))
    server = await startPageServer()
    server.route('/', '<!doctype html><html><body>live</body></html>')
    browser = await puppeteer.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      pipe: true,
      userDataDir,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
      ],
    })
    const worker = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
      { timeout: 15_000 },
    )
    extensionId = new URL(worker.url()).host
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true })
  })

  it(
    'newHeads: ≥ 90% of the 1-second heads over 40 seconds, consecutive, no gap over 4 s',
    async () => {
      const page = await openDappPage(browser, server.url)
      const startedAt = await page.evaluate(async (interval) => {
        const w = window as unknown as LiveWindow
        w.received = []
        await w.ethereum.request({ method: 'anvil_setIntervalMining', params: [interval / 1000] })
        w.ethereum.on('message', (m) => {
          const { data } = m as {
            data: { subscription: string; result?: { number: string }; error?: unknown }
          }
          w.received.push({
            subscription: data.subscription,
            number: Number(data.result?.number ?? -1),
            at: Date.now(),
            error: data.error,
          })
        })
        await w.ethereum.request({
          method: 'eth_subscribe',
          params: ['newHeads'],
        })
        return Date.now()
      }, INTERVAL_MS)
      // From here on the page sends nothing.
      const { received, endedAt } = await silentWindow(page, extensionId)
      const stream = checkStream(received, startedAt, endedAt)
      console.info(`newHeads: ${stream.count}/${EXPECTED} heads, longest gap ${stream.maxGap} ms`)
      expect(received.filter((r) => r.error)).toEqual([])
      expect(new Set(received.map((r) => r.subscription)).size).toBe(1)
      expect(stream.count).toBeGreaterThanOrEqual(Math.ceil(EXPECTED * 0.9))
      expect(stream.numbers).toEqual(stream.numbers.map((_, i) => stream.numbers[0]! + i))
      expect(stream.maxGap).toBeLessThanOrEqual(MAX_GAP_MS)
      await page.close()
    },
    WINDOW_MS + 60_000,
  )

  it(
    'logs: a log per block from a contract called on every block, the same logs as eth_getLogs',
    async () => {
      const sender = await openDappPage(browser, server.url)
      // The sender page deploys the emitter, then calls it once per head it is told of.
      const address = await sender.evaluate(async (initCode) => {
        const w = window as unknown as LiveWindow
        const eth = w.ethereum
        const [from] = (await eth.request({ method: 'eth_requestAccounts' })) as string[]
        const hash = await eth.request({ method: 'eth_sendTransaction', params: [{ from, data: initCode }] })
        for (;;) {
          const receipt = (await eth.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
            contractAddress: string
          } | null
          if (receipt) return receipt.contractAddress
          await new Promise((done) => setTimeout(done, 500))
        }
      }, EMITTER_INIT_CODE)

      const page = await openDappPage(browser, server.url)
      const startedAt = await page.evaluate(async (emitter) => {
        const w = window as unknown as LiveWindow
        w.received = []
        w.ethereum.on('message', (m) => {
          const { data } = m as {
            data: {
              subscription: string
              result?: { blockNumber: string; transactionHash: string }
              error?: unknown
            }
          }
          w.received.push({
            subscription: data.subscription,
            number: Number(data.result?.blockNumber ?? -1),
            tx: data.result?.transactionHash,
            at: Date.now(),
            error: data.error,
          })
        })
        await w.ethereum.request({
          method: 'eth_subscribe',
          params: ['logs', { address: emitter }],
        })
        return Date.now()
      }, address)
      await sender.evaluate(async (emitter) => {
        const w = window as unknown as LiveWindow
        const eth = w.ethereum
        const [from] = (await eth.request({ method: 'eth_accounts' })) as string[]
        w.sent = 0
        eth.on('message', () => {
          w.sent += 1
          void eth.request({ method: 'eth_sendTransaction', params: [{ from, to: emitter }] })
        })
        await eth.request({ method: 'eth_subscribe', params: ['newHeads'] })
        await eth.request({ method: 'eth_sendTransaction', params: [{ from, to: emitter }] })
      }, address)

      const { received, endedAt } = await silentWindow(page, extensionId)
      await sender.close()
      const stream = checkStream(received, startedAt, endedAt)
      console.info(`logs: ${stream.count}/${EXPECTED} logs, longest gap ${stream.maxGap} ms`)
      expect(received.filter((r) => r.error)).toEqual([])
      expect(new Set(received.map((r) => r.subscription)).size).toBe(1)
      expect(stream.count).toBeGreaterThanOrEqual(Math.ceil(EXPECTED * 0.9))
      expect(stream.numbers).toEqual(stream.numbers.map((_, i) => stream.numbers[0]! + i))
      expect(stream.maxGap).toBeLessThanOrEqual(MAX_GAP_MS)
      // Exactly the chain's logs of those blocks: none missing, none twice.
      const chainLogs = (await page.evaluate(
        (range) =>
          (window as unknown as LiveWindow).ethereum.request({ method: 'eth_getLogs', params: [range] }),
        {
          address,
          fromBlock: `0x${stream.numbers[0]!.toString(16)}`,
          toBlock: `0x${stream.numbers.at(-1)!.toString(16)}`,
        },
      )) as Array<{ transactionHash: string }>
      expect(received.map((r) => r.tx)).toEqual(chainLogs.map((l) => l.transactionHash))
      await page.close()
    },
    WINDOW_MS + 90_000,
  )
})
