// Headless Chromium with the built extension, shared by the extension bench (run.mjs) and the
// worker profiler (profile.mjs).
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

/**
 * Launches Chromium with `extension` loaded in a fresh profile (or in `profileDir`, kept from an
 * earlier run); returns the context and its folder.
 */
export async function launchWithExtension(extension, extraArgs = [], profileDir = undefined) {
  profileDir ??= await mkdtemp(join(tmpdir(), 'rsk-devnode-bench-'))
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      ...extraArgs,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
    ],
  })
  return { context, profileDir }
}

/**
 * The extension's service worker (it starts when the extension loads). Looked for again every
 * second: on a loaded machine it can appear between a look and the start of a wait for its event.
 */
export async function extensionWorker(context, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const running = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
    if (running) return running
    if (Date.now() > deadline) throw new Error(`no extension service worker after ${timeoutMs} ms`)
    await context.waitForEvent('serviceworker', { timeout: 1000 }).catch(() => undefined)
  }
}

/**
 * Waits until the worker has brought its content-script registrations in line with the stored
 * allow list (its `rskDevnodeInjectionReady` hook, as test/e2e/harness.ts `waitForInjection` does):
 * the provider is a static content script, and a page loaded before that may miss it.
 */
export async function waitForInjection(context, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const worker = await extensionWorker(context)
    const ready = await worker
      .evaluate(async () => {
        const hook = globalThis.rskDevnodeInjectionReady
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

/** A new page at `url` once the provider's scripts are registered, with `window.ethereum` present. */
export async function providerPage(context, url) {
  await waitForInjection(context)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => !!window.ethereum, null, { timeout: 5000 })
  return page
}
