/**
 * Finds a Chromium and the built extension, and launches the persistent context that loads it
 * (extensions need one: a profile directory of their own).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, type BrowserContextOptions, chromium } from '@playwright/test'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** Flags of a quiet, offline test browser (no sync, no component updates, no QUIC probes). */
const FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The option, CHROMIUM_PATH, Playwright's own Chromium when installed, then Debian's. */
export function resolveChromium(option?: string): string {
  const tried: string[] = []
  const candidates: Array<[string, string | undefined]> = [
    ['devnodeOptions.chromiumPath', option],
    ['CHROMIUM_PATH', process.env.CHROMIUM_PATH || undefined],
    ["Playwright's Chromium", playwrightChromium()],
    ["Debian's chromium", DEBIAN_CHROMIUM],
  ]
  for (const [source, path] of candidates) {
    if (!path) continue
    if (existsSync(path)) return path
    tried.push(`${source} (${path})`)
    // An explicit choice that does not exist is an error, not a reason to run another browser.
    if (source === 'devnodeOptions.chromiumPath' || source === 'CHROMIUM_PATH') break
  }
  throw new Error(
    `rsk-devnode/playwright: no Chromium found. Tried ${tried.join(', ')}. Set devnodeOptions.chromiumPath or ` +
      'CHROMIUM_PATH to a Chromium or Chrome for Testing binary, run `npx playwright install chromium`, or ' +
      `install Debian's chromium (${DEBIAN_CHROMIUM}).`,
  )
}

function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath() || undefined
  } catch {
    return undefined
  }
}

/**
 * The unpacked Chromium extension: the option, else the package's `dist/extension/chromium/` —
 * beside `dist/lib/` in the package (this file built into `dist/lib/playwright.js`), or under the
 * repository's `dist/` when the fixture runs from its sources (`src/playwright/`).
 */
export function resolveExtension(option?: string): string {
  // Built from a variable, so that bundlers leave the URL alone (it is a folder, not an asset).
  const relatives = option ? [] : ['../extension/chromium/', '../../dist/extension/chromium/']
  const candidates = option
    ? [resolve(option)]
    : relatives.map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  for (const dir of candidates) if (existsSync(join(dir, 'manifest.json'))) return dir
  throw new Error(
    `rsk-devnode/playwright: no built extension (manifest.json) at ${candidates.join(' or ')}. ` +
      (option
        ? 'devnodeOptions.extensionPath must be the unpacked Chromium extension folder.'
        : 'Build it with `npm run build` (the package ships it in dist/extension/chromium/).'),
  )
}

export interface LaunchedExtension {
  context: BrowserContext
  extensionId: string
  extensionPath: string
  close(): Promise<void>
}

export async function launchExtension(options: {
  headless: boolean
  chromiumPath?: string
  extensionPath?: string
  contextOptions?: BrowserContextOptions
}): Promise<LaunchedExtension> {
  const extensionPath = resolveExtension(options.extensionPath)
  const executablePath = resolveChromium(options.chromiumPath)
  const userDataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-playwright-'))
  // Chromium's sandbox refuses to run as root (CI containers).
  const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : []
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      ...options.contextOptions,
      executablePath,
      headless: options.headless,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        ...sandbox,
        ...FLAGS,
        `--disable-extensions-except=${extensionPath}`,
        `--load-extension=${extensionPath}`,
      ],
    })
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true })
    throw error
  }
  const prefix = 'chrome-extension://'
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith(prefix)) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith(prefix),
        timeout: 15_000,
      }))
    return {
      context,
      extensionId: new URL(worker.url()).host,
      extensionPath,
      async close() {
        await context.close().catch(() => {})
        await rm(userDataDir, { recursive: true, force: true }).catch(() => {})
      },
    }
  } catch (error) {
    await context.close().catch(() => {})
    await rm(userDataDir, { recursive: true, force: true })
    throw new Error(
      `rsk-devnode/playwright: the extension at ${extensionPath} started no service worker in ${executablePath}: ${
        (error as Error).message
      }`,
    )
  }
}
