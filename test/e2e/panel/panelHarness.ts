/**
 * Launches Chromium with the built extension (PANEL_EXTENSION_DIR, default dist/), serves the
 * demo dApp (built once per run, ../globalSetup.ts), and opens the panel page as a tab.
 * Screenshots go to screenshots/ (git-ignored).
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_PATH, type PageServer, startPageServer, waitForInjection } from '../harness.js'

export const PANEL_EXTENSION_DIR = resolve(
  process.env.PANEL_EXTENSION_DIR ??
    process.env.EXTENSION_OUT_DIR ??
    resolve(import.meta.dirname, '../../../dist/extension/chromium'),
)
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../../screenshots')

export interface PanelSetup {
  context: BrowserContext
  extensionId: string
  userDataDir: string
  server: PageServer
  close(): Promise<void>
}

export async function launchPanelSetup(extraArgs: string[] = []): Promise<PanelSetup> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-panel-'))
  // Built once per run by ../globalSetup.ts.
  const outDir = inject('demoDappDir')
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      `--disable-extensions-except=${PANEL_EXTENSION_DIR}`,
      `--load-extension=${PANEL_EXTENSION_DIR}`,
      ...extraArgs,
    ],
  })
  let worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
  worker ??= await context.waitForEvent('serviceworker', { timeout: 15_000 })
  await waitForInjection(worker)
  const server = await startPageServer()
  server.route('/', await readFile(join(outDir, 'index.html'), 'utf8'))
  for (const file of await readdir(join(outDir, 'assets')))
    server.route(`/assets/${file}`, await readFile(join(outDir, 'assets', file), 'utf8'))
  return {
    context,
    extensionId: new URL(worker.url()).host,
    userDataDir,
    server,
    async close() {
      await server.close()
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

export function panelUrl(setup: PanelSetup, query = ''): string {
  return `chrome-extension://${setup.extensionId}/src/devtools/panel/index.html${query}`
}

export async function openPanel(setup: PanelSetup, query = ''): Promise<Page> {
  const page = await setup.context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())
  await page.goto(panelUrl(setup, query))
  await page.locator('[data-testid="network"]').filter({ hasText: /\(0x/ }).waitFor()
  return page
}

export async function headOf(panel: Page): Promise<number> {
  const text = (await panel.textContent('[data-testid="head"]')) ?? ''
  return Number(text.replace('block ', ''))
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) })
}

type Eth = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

/** Runs a provider request in the dApp page; resolves to the result or `{ code, message }`. */
export function providerRequest(page: Page, method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    ([m, p]) =>
      (window as unknown as { ethereum: Eth }).ethereum
        .request({ method: m as string, params: p as unknown[] })
        .then(
          (result) => ({ result }),
          (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
        ),
    [method, params] as const,
  )
}
