/**
 * Launches Debian's Firefox ESR through WebDriver BiDi (puppeteer-core), installs the Firefox build
 * (dist/extension/firefox/, `npm run build:firefox`) as a temporary add-on with BiDi's
 * `webExtension.install`, and reaches what BiDi does not: extension pages (`moz-extension://`,
 * through raw BiDi commands, as Firefox sends no load events for them) and the background page
 * (Firefox's remote debugging protocol). ../../../../shared/reference/firefox-e2e.md has the
 * reasons behind each step.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { connectRemoteDebugger, type RemoteDebugger } from './remoteDebugging.js'

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
export const FIREFOX_EXTENSION_DIR = resolve(
  process.env.FIREFOX_EXTENSION_OUT_DIR ?? resolve(import.meta.dirname, '../../../dist/extension/firefox'),
)

/** The add-on's id (manifest `browser_specific_settings.gecko.id`, set in vite.config.ts). */
export const ADDON_ID = 'rsk-devnode@rsk-devnode.dev'

/** What the remote debugging protocol reports of an event page. */
export type BackgroundStatus = 'RUNNING' | 'STOPPED'

export interface ExtensionTab {
  /** Evaluates an expression (awaited) in the tab and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>
  close(): Promise<void>
}

export interface FirefoxWithAddon {
  browser: Browser
  /** The tab Firefox started with. */
  firstPage: Page
  /** moz-extension://<uuid>/ of the installed add-on. */
  extensionOrigin: string
  /** Opens one of the add-on's pages (path relative to its root) in a new tab. */
  openExtensionTab(path: string): Promise<ExtensionTab>
  backgroundStatus(): Promise<BackgroundStatus>
  /** Stops the event page, as about:debugging's "Terminate background script" does. */
  terminateBackground(): Promise<void>
  close(): Promise<void>
}

type BidiConnection = { send(method: string, params: object): Promise<{ result: Record<string, unknown> }> }
type EvaluateResult = {
  type: 'success' | 'exception'
  result?: { type: string; value?: unknown }
  exceptionDetails?: { text?: string }
}

export async function launchFirefoxWithAddon(): Promise<FirefoxWithAddon> {
  if (!existsSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json')))
    throw new Error(`${FIREFOX_EXTENSION_DIR} holds no build: run \`npm run build:firefox\` first`)
  const manifest = JSON.parse(readFileSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8'))
  if (manifest.browser_specific_settings?.gecko?.id !== ADDON_ID)
    throw new Error(`${FIREFOX_EXTENSION_DIR} is not the Firefox build (no gecko id ${ADDON_ID})`)

  const uuid = crypto.randomUUID()
  const debuggerPort = await freePort()
  const userDataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-firefox-'))
  let browser: Browser | undefined
  let remote: RemoteDebugger | undefined
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX_PATH,
      headless: true,
      userDataDir,
      // moz-extension:// pages may be opened over BiDi only with system access; the debugger
      // server is the way into the background page.
      args: ['--remote-allow-system-access', '--start-debugger-server', String(debuggerPort)],
      extraPrefsFirefox: {
        // The add-on's internal UUID is random per install unless fixed here.
        'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }),
        'devtools.debugger.remote-enabled': true,
        'devtools.chrome.enabled': true,
        'devtools.debugger.prompt-connection': false,
      },
    })
    const installed = await browser.installExtension(FIREFOX_EXTENSION_DIR)
    if (installed !== ADDON_ID) throw new Error(`installed ${installed}, expected ${ADDON_ID}`)
    const firstPage = (await browser.pages())[0] ?? (await browser.newPage())
    remote = await connectRemoteDebugger(debuggerPort)
    const rdp = remote
    const connection = (browser as unknown as { connection: BidiConnection }).connection
    const extensionOrigin = `moz-extension://${uuid}`

    const descriptor = async () => {
      const { addons } = (await rdp.request('root', 'listAddons')) as unknown as {
        addons: Array<{ id: string; actor: string; backgroundScriptStatus?: BackgroundStatus }>
      }
      const addon = addons.find((a) => a.id === ADDON_ID)
      if (!addon) throw new Error(`${ADDON_ID} is not installed`)
      return addon
    }

    const launched = browser
    return {
      browser: launched,
      firstPage,
      extensionOrigin,
      async openExtensionTab(path) {
        const { result } = await connection.send('browsingContext.create', { type: 'tab' })
        const context = result.context as string
        await connection.send('browsingContext.navigate', {
          context,
          url: `${extensionOrigin}/${path}`,
          wait: 'complete',
        })
        return {
          async evaluate<T>(expression: string) {
            const { result: evaluated } = (await connection.send('script.evaluate', {
              expression: `(async () => JSON.stringify(await (${expression})))()`,
              target: { context },
              awaitPromise: true,
            })) as unknown as { result: EvaluateResult }
            if (evaluated.type !== 'success')
              throw new Error(`in ${path}: ${evaluated.exceptionDetails?.text ?? 'exception'}`)
            const json = evaluated.result?.value
            return (typeof json === 'string' ? JSON.parse(json) : undefined) as T
          },
          async close() {
            await connection.send('browsingContext.close', { context })
          },
        }
      },
      async backgroundStatus() {
        const status = (await descriptor()).backgroundScriptStatus
        if (!status) throw new Error('Firefox reports no background status for the add-on')
        return status
      },
      async terminateBackground() {
        await rdp.request((await descriptor()).actor, 'terminateBackgroundScript')
      },
      async close() {
        rdp.close()
        try {
          await launched.close()
        } finally {
          // puppeteer leaves a profile it was given; a Firefox that died leaves one too.
          await rm(userDataDir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    remote?.close()
    await browser?.close().catch(() => {})
    await rm(userDataDir, { recursive: true, force: true })
    throw error
  }
}

/** A port free now on 127.0.0.1 (Firefox's debugger server takes a port number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}
