/**
 * Launches Debian's Chromium with the built extension (dist/) in a persistent profile, serves
 * pages on 127.0.0.1, and stops the extension's service worker on demand (CDP), as
 * ../../../shared/reference/extension-recipe.md describes.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core'
import { expect } from 'vitest'

export const EXTENSION_DIR = resolve(
  process.env.EXTENSION_OUT_DIR ?? resolve(import.meta.dirname, '../../dist/extension/chromium'),
)
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface ExtensionBrowser {
  context: BrowserContext
  worker: Worker
  extensionId: string
  userDataDir: string
  /** Closes the browser; removes the profile unless `keepProfile`. */
  close(options?: { keepProfile?: boolean }): Promise<void>
}

export async function launchWithExtension(
  options: { userDataDir?: string; extraArgs?: string[] } = {},
): Promise<ExtensionBrowser> {
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'rsk-devnode-e2e-')))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...FLAGS,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...(options.extraArgs ?? []),
    ],
  })
  let worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
  worker ??= await context.waitForEvent('serviceworker', { timeout: 15_000 })
  const extensionId = new URL(worker.url()).host
  await waitForInjection(worker)
  return {
    context,
    worker,
    extensionId,
    userDataDir,
    async close({ keepProfile = false } = {}) {
      await context.close()
      if (!keepProfile) await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Waits until the worker has brought its registrations in line with the stored allow list. The
 * provider is a static content script (in every page from the install on); only a narrowed list
 * registers the withdraw script, so a test that changes the list through the worker waits here.
 */
export async function waitForInjection(worker: Worker, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ready = await worker
      .evaluate(async () => {
        const hook = (globalThis as { rskDevnodeInjectionReady?: () => Promise<void> })
          .rskDevnodeInjectionReady
        if (!hook) return false
        await hook()
        return true
      })
      .catch(() => false)
    if (ready) return
    if (Date.now() > deadline) throw new Error('the worker did not sync its content scripts')
    await new Promise((done) => setTimeout(done, 50))
  }
}

export interface PageServer {
  url: string
  /** Registers a page body at a path (HTML unless the path ends in .js). */
  route(path: string, body: string | (() => string), contentType?: string): void
  close(): Promise<void>
}

export async function startPageServer(): Promise<PageServer> {
  const routes = new Map<string, { body: string | (() => string); type: string }>()
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const route = routes.get(path)
    if (!route) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' })
    res.end(typeof route.body === 'function' ? route.body() : route.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    route(path, body, contentType) {
      routes.set(path, {
        body,
        type: contentType ?? (path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8'),
      })
    },
    async close() {
      // Chromium keeps keep-alive sockets open: close them or close() waits ~2 minutes.
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await closed
    },
  }
}

/**
 * Stops the extension's service worker through CDP and waits until Chromium reports it stopped
 * (recipe pitfall 6: polling targets is flaky, `workerVersionUpdated` is not).
 */
export async function stopServiceWorker(ext: ExtensionBrowser, timeoutMs = 5000): Promise<boolean> {
  const page = ext.context.pages().find((p) => !p.isClosed()) ?? (await ext.context.newPage())
  const cdp = await ext.context.newCDPSession(page)
  const prefix = `chrome-extension://${ext.extensionId}/`
  type Version = { versionId: string; scriptURL: string; runningStatus: string }
  const waiters: Array<(v: Version) => boolean> = []
  const timers: Array<ReturnType<typeof setTimeout>> = []
  const waitFor = (predicate: (v: Version) => boolean, ms: number) =>
    new Promise<Version>((done, fail) => {
      timers.push(setTimeout(() => fail(new Error('timeout waiting for the service worker status')), ms))
      waiters.push((v) => {
        if (!predicate(v)) return false
        done(v)
        return true
      })
    })
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
    for (const v of versions) {
      if (!v.scriptURL.startsWith(prefix)) continue
      for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(v)) waiters.splice(i, 1)
    }
  })
  try {
    const running = waitFor((v) => v.runningStatus === 'running', 1000)
    await cdp.send('ServiceWorker.enable')
    const version = await running.catch(() => null)
    if (!version) return false
    const stopped = waitFor(
      (v) => v.versionId === version.versionId && v.runningStatus === 'stopped',
      timeoutMs,
    )
    await cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId })
    await stopped
    return true
  } finally {
    for (const t of timers) clearTimeout(t)
    await cdp.detach().catch(() => {})
  }
}

/**
 * Sends one panel-protocol message (src/shared/protocol.ts) from an extension page, as the
 * DevTools panel or the popup would, and resolves with the reply.
 */
export async function controlExtension(
  ext: ExtensionBrowser,
  message: { kind: string; [key: string]: unknown },
): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  let page = ext.context.pages().find((p) => p.url().startsWith(`chrome-extension://${ext.extensionId}/`))
  if (!page) {
    page = await ext.context.newPage()
    await page.goto(`chrome-extension://${ext.extensionId}/src/wallet/popup/index.html`)
  }
  return page.evaluate(
    (msg) =>
      new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
        const id = Math.floor(Math.random() * 1e9)
        const port = chrome.runtime.connect({ name: 'rsk:devtools' })
        port.onMessage.addListener(
          (reply: {
            kind: string
            id?: number
            result?: unknown
            error?: { code: number; message: string }
          }) => {
            if (reply.kind !== 'reply' || reply.id !== id) return
            port.disconnect()
            resolve(reply)
          },
        )
        port.postMessage({ ...msg, id })
      }),
    message,
  ) as Promise<{ result?: unknown; error?: { code: number; message: string } }>
}

/** Switches "require approval" on in the popup and waits until the worker has it. */
export async function switchOnRequireApproval(ext: ExtensionBrowser, popup: Page): Promise<void> {
  await popup.check('#requireApproval')
  await expect
    .poll(
      async () =>
        (
          (await controlExtension(ext, { kind: 'getState' })).result as {
            settings: { requireApproval: boolean }
          }
        ).settings.requireApproval,
    )
    .toBe(true)
}
