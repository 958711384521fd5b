/**
 * `rsk-devnode/playwright`: a dApp's own browser tests, offline. Playwright's `test` extended
 * with the RSK Devnode extension as the wallet and the chain.
 *
 * ```ts
 * import { test, expect } from 'rsk-devnode/playwright'
 * test.use({ devnodeOptions: { network: 'regtest' } })
 * test('pays', async ({ page, devnode, wallet }) => {
 *   await page.goto('http://127.0.0.1:5173/')          // the page gets window.ethereum + EIP-6963
 *   await wallet.requireApproval()
 *   await page.click('#pay')
 *   const pending = await wallet.waitForRequest({ method: 'eth_sendTransaction' })
 *   await wallet.approve(pending)
 *   expect((await devnode.lastTransaction())?.receipt.status).toBe(1)
 * })
 * ```
 *
 * Fixtures:
 * - `extensionContext` / `context` (one per Playwright worker): Chromium with the extension, in a
 *   persistent profile of its own, so parallel workers have their own browser and chains; `page`
 *   is a new page per test, closed after it (with every other page the test opened).
 * - `devnode`, `wallet`: control the chain and the wallet through the extension's own channel
 *   (its service worker, over the DevTools protocol; see channel.ts). Pages see none of it.
 * - `extensionId`: the extension's id in this browser.
 *
 * Isolation: before each test the wallet is as the options say (network, require approval, reject
 * next off, the first account selected), no origin holds a grant (every test connects the same
 * way) and the request log is empty; with `snapshotPerTest` (the default) every network's chain
 * goes back after the test to where it was before it.
 *
 * Hygiene: a request left waiting for approval fails the test naming its method and origin (it
 * is rejected, so nothing hangs); a `devnode` or `wallet` call the test never awaited fails it by
 * name ("devnode.mine(3) was not awaited: it was still running when the test ended");
 * `wallet.waitForRequest` fails after its timeout naming what it waited for and what is pending.
 *
 * Options: `devnodeOptions` is worker-scoped (it decides the browser): set it in the config's
 * `use` or with `test.use` at the top of a file (a file with other options gets its own worker).
 * A persistent context takes its context options at launch: `baseURL`, `viewport`, `locale`… come
 * from the project's `use` in the config. The context keeps one page of the fixture's own (its
 * first, `about:blank`, which holds the DevTools session that follows the worker's state).
 */
import {
  test as base,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test'
import { ExtensionChannel } from './channel.js'
import { launchExtension } from './launch.js'
import { resolveSettings, TestSession } from './session.js'
import type { DevnodeFixtures, DevnodeOptions, DevnodeWorkerFixtures } from './types.js'

export { expect } from '@playwright/test'
export type {
  CallTrace,
  DecodedChainSwitch,
  DecodedConnect,
  DecodedMessage,
  DecodedRequest,
  DecodedTransaction,
  DecodedTypedData,
  Devnode,
  DevnodeFixtures,
  DevnodeOptions,
  DevnodeSettings,
  DevnodeWorkerFixtures,
  ForkInfo,
  MinedTransaction,
  NetworkName,
  PendingRequest,
  RequestLogEntry,
  TransactionReceipt,
  Wallet,
} from './types.js'
export { DevnodeRpcError } from './types.js'

interface InternalTestFixtures {
  devnodeSession: TestSession
  page: Page
}

interface InternalWorkerFixtures {
  devnodeChannel: ExtensionChannel
}

/** Context options of the project's `use` that a persistent context takes at launch. */
const CONTEXT_OPTIONS = [
  'baseURL',
  'viewport',
  'locale',
  'timezoneId',
  'colorScheme',
  'userAgent',
  'ignoreHTTPSErrors',
  'extraHTTPHeaders',
  'deviceScaleFactor',
] as const

/** Playwright's `test` with the fixtures above (the internal ones left out of its type). */
export type DevnodeTest = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & DevnodeFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & DevnodeOptions & DevnodeWorkerFixtures
>

const extended = base.extend<
  DevnodeFixtures & InternalTestFixtures,
  DevnodeOptions & DevnodeWorkerFixtures & InternalWorkerFixtures
>({
  devnodeOptions: [{}, { scope: 'worker', option: true }],

  extensionContext: [
    async ({ devnodeOptions, headless }, use, workerInfo) => {
      const projectUse = workerInfo.project.use as Record<string, unknown>
      const contextOptions = Object.fromEntries(
        CONTEXT_OPTIONS.filter((key) => projectUse[key] !== undefined).map((key) => [key, projectUse[key]]),
      )
      const launched = await launchExtension({
        headless: devnodeOptions.headless ?? headless,
        chromiumPath: devnodeOptions.chromiumPath,
        extensionPath: devnodeOptions.extensionPath,
        contextOptions,
      })
      await use(launched.context)
      await launched.close()
    },
    { scope: 'worker', timeout: 60_000, title: 'launch Chromium with RSK Devnode' },
  ],

  devnodeChannel: [
    async ({ extensionContext }, use) => {
      const worker = extensionContext.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
      if (!worker) throw new Error('rsk-devnode/playwright: the extension has no service worker')
      const channel = new ExtensionChannel(extensionContext, new URL(worker.url()).host)
      await channel.start()
      await use(channel)
      await channel.close()
    },
    { scope: 'worker', box: true },
  ],

  extensionId: [async ({ devnodeChannel }, use) => use(devnodeChannel.extensionId), { scope: 'worker' }],

  context: async ({ extensionContext }, use) => use(extensionContext),

  page: async ({ extensionContext, devnodeChannel, actionTimeout, navigationTimeout }, use) => {
    const page = await extensionContext.newPage()
    if (actionTimeout) page.setDefaultTimeout(actionTimeout)
    if (navigationTimeout) page.setDefaultNavigationTimeout(navigationTimeout)
    await use(page)
    // Every page the test opened goes (approval windows too); the channel's page stays.
    for (const open of extensionContext.pages())
      if (open !== devnodeChannel.anchor && !open.isClosed()) await open.close().catch(() => {})
  },

  devnodeSession: [
    async ({ devnodeChannel, devnodeOptions, extensionContext }, use) => {
      const session = new TestSession(devnodeChannel, resolveSettings(devnodeOptions))
      await session.setUp()
      await use(session)
      const problems = await session.tearDown()
      // Pages a test opened without the page fixture close too.
      for (const open of extensionContext.pages())
        if (open !== devnodeChannel.anchor && !open.isClosed()) await open.close().catch(() => {})
      if (problems.length > 0) throw new Error(`rsk-devnode: ${problems.join('\n')}`)
    },
    { auto: true, box: true, title: 'RSK Devnode isolation' },
  ],

  devnode: async ({ devnodeSession }, use) => use(devnodeSession.devnode),
  wallet: async ({ devnodeSession }, use) => use(devnodeSession.wallet),
})

export const test: DevnodeTest = extended as unknown as DevnodeTest
