// Headless Chromium with the built extension, shared by the extension bench (run.mjs) and the
// worker profiler (profile.mjs).
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

/** Launches Chromium with `extension` loaded in a fresh profile; returns the context and its folder. */
export async function launchWithExtension(extension, extraArgs = []) {
  const profileDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-bench-'))
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

/** The extension's service worker (it starts when the extension loads). */
export async function extensionWorker(context) {
  const running = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
  return running ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }))
}

/**
 * Waits until the worker has registered the provider's content scripts (at its first start, from
 * the allow list), as test/e2e/harness.ts `waitForInjection` does: a page loaded before that gets
 * no provider.
 */
export async function waitForInjection(context, timeoutMs = 15_000) {
  const ids = ['rsk-devnode-inpage', 'rsk-devnode-relay']
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const worker = await extensionWorker(context)
    const registered = await worker
      .evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id))
      .catch(() => [])
    if (ids.every((id) => registered.includes(id))) return
    if (Date.now() > deadline)
      throw new Error(`the provider scripts were not registered (found ${registered})`)
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
