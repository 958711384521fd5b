/**
 * The MV3 service worker (a Firefox event page with the same code). Listeners are registered
 * synchronously on the first turn, so a Port that wakes the worker is never missed. A wake-up
 * does first what a page's first answer needs: the extension database starts opening before the
 * other modules are evaluated (extensionDbOpening.ts), the wallet's records are read in one go,
 * and the selected network's node opens on the first request. What that answer does not need
 * waits for it (or for a second, or for a request that needs it): bringing the withdraw
 * script's registration in line with the allow list (injection.ts) and the isMetaMask script's
 * with the setting (providerFlags.ts), and loading libsecp256k1. The provider itself is a static
 * content script of the manifest, in pages from the install on.
 *
 * Service workers refuse `import()` (Chromium: "import() is disallowed on
 * ServiceWorkerGlobalScope", also for the extension's own modules), so the whole worker is
 * loaded and evaluated at every start: what is rarely needed cannot be split off into modules
 * loaded later.
 */

// First: its mark is the start of the worker's module evaluation (startMark.ts).
import './startMark.js'
// Second: the extension database opens while the other modules are evaluated.
import './extensionDbOpening.js'
import { browser, type Runtime } from '../shared/nativeExtensionApi.js'
import {
  DEVTOOLS_PORT_NAME,
  PAGE_PORT_NAME,
  type RelayRequest,
  type RelayToBackground,
} from '../shared/protocol.js'
import { CONTROL_GLOBAL } from '../shared/testControl.js'
import { useRecoverableSigner } from '../wallet/signer.js'
import { createIdbWalletStore, openExtensionDb } from './db.js'
import { openedAtStart } from './extensionDbOpening.js'
import { INJECTED_FILES } from './injectedFiles.js'
import { createInjection, type ScriptingApi } from './injection.js'
import { browserPlatform, createNodeOpener, deleteChainStore, indexedDbChainStores } from './nodeFactory.js'
import { disconnectPanelFeed, handlePanelExtra, isPanelExtraRequest } from './panel/panelQueries.js'
import { handlePanelMessage, isPanelMessage } from './panel.js'
import { createProviderFlags } from './providerFlags.js'
import { quietScheduler } from './quietScheduler.js'
import { createRequestLog } from './requestLog.js'
import { type BackgroundService, createBackgroundService } from './service.js'
import { startUpGate } from './startUpGate.js'
import { createTestControl } from './testControl.js'
import { cryptoBackends, secp256k1WasmLoader, secp256k1WasmUrl } from './wasmLoaders.js'

/**
 * Start-up marks on the worker's own clock (0 = the worker's start), read by the benchmarks
 * (bench/extension/worker.mjs): where a cold start's time goes up to the first answer.
 */
function markStart(name: string): void {
  performance.mark(`rsk:${name}`)
}
markStart('modules-evaluated')

/** The longest the start-up work a first answer does not need waits for that answer. */
const SYNC_DELAY_MS = 1000

/**
 * Opens once the first answer to a page is sent, or the worker is asked something else first (a
 * request that may sign or recover a sender, a panel, the test control), or a second passed.
 */
const startUp = startUpGate(SYNC_DELAY_MS, setTimeout)
const afterFirstAnswer = startUp.opened

const injection = createInjection({
  scripting: browser.scripting as ScriptingApi,
  settings: browser.storage.local,
  files: INJECTED_FILES,
  // Checking the registrations against the allow list waits for the first answer.
  startWhen: afterFirstAnswer,
})
injection.ready.catch((error: unknown) =>
  console.error('RSK Devnode: registering the provider failed', error),
)
/** The content script that tells providers the isMetaMask setting is off (providerFlags.ts). */
const providerFlags = createProviderFlags(browser.scripting as ScriptingApi, INJECTED_FILES.notMetaMask)

// libsecp256k1 ships as a file of the package. A node asks for it once it has opened; it loads
// after the first answer (fetching, compiling and checking it took ~5–15 ms of the worker's
// thread), at once when a request may need it. The wallet signs with it from then on (noble until
// then); a transaction's sender recovery waits for it (the engine's sendRawTransaction).
const loadSecp256k1 = secp256k1WasmLoader(secp256k1WasmUrl((path) => browser.runtime.getURL(path)))
let signerWaiting = true
const secp256k1 = async () => {
  await afterFirstAnswer
  const loading = loadSecp256k1()
  if (signerWaiting) loading.then(useRecoverableSigner, () => {})
  signerWaiting = false
  return loading
}

/**
 * In the worker's DevTools console (and the e2e tests): `await rskDevnodeCryptoBackends()` tells
 * whether sender recovery and hashing run on WebAssembly or on the pure-JS fallback.
 */
Object.assign(globalThis, {
  rskDevnodeCryptoBackends: cryptoBackends,
  /** Resolves once the registrations match the stored allow list (tests wait for it). */
  rskDevnodeInjectionReady: () => injection.ready,
  /** The Playwright fixture's control channel: the panel protocol and a few test requests (testControl.ts). */
  [CONTROL_GLOBAL]: createTestControl(() => {
    startUp.open()
    return service()
  }),
})

let servicePromise: Promise<BackgroundService> | null = null

let answeredOnce = false
function markFirstAnswer(): void {
  if (answeredOnce) return
  answeredOnce = true
  markStart('first-answer')
  startUp.open()
}

function service(): Promise<BackgroundService> {
  const started = openedAtStart()
  servicePromise ??= openExtensionDb(indexedDB, undefined, started?.request).then((db) => {
    markStart('extension-db-open')
    return createBackgroundService({
      openNode: createNodeOpener(
        browserPlatform(navigator),
        indexedDbChainStores(indexedDB),
        secp256k1,
        markStart,
      ),
      deleteChain: deleteChainStore(indexedDB),
      store: createIdbWalletStore(db, { preload: started?.walletRecords ?? true }),
      log: createRequestLog(db),
      // One log write (one transaction, one record: requestLog.ts) per pause in the requests, or
      // per 250 ms or 100 entries during a burst, not a put per request competing with each
      // block's commit. What is not written yet is what a worker killed in the middle of a burst
      // loses: 250 ms at most (docs/architecture.md, "What survives a restart").
      scheduleLogWrite: quietScheduler({ quietMs: 20, maxDelayMs: 250, maxWaiting: 100 }),
      injection,
      // The registration persists: checking it at a start waits for the first answer.
      syncProviderFlags: async (isMetaMask) => {
        await afterFirstAnswer
        await providerFlags.sync(isMetaMask)
      },
      // The host permission a fork's upstream needs (forks.ts); the panel and popup ask for it.
      hostAccess: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      now: () => Date.now(),
      timers: {
        set: (callback, ms) => setTimeout(callback, ms),
        clear: (handle) => clearTimeout(handle as number),
      },
      elapsed: () => performance.now(),
      newId: () => crypto.randomUUID(),
      showApprovalUi: () => {
        browser.windows
          ?.create({
            url: browser.runtime.getURL('src/wallet/popup/index.html'),
            type: 'popup',
            width: 380,
            height: 560,
          })
          .catch((error: unknown) => console.error('RSK Devnode: opening the approval window failed', error))
      },
    })
  })
  servicePromise.catch(() => {
    servicePromise = null
  })
  return servicePromise
}

/**
 * The browser's word for the sender's origin; a page cannot choose it. Chromium sets `origin`
 * (absent from Firefox's types and older Firefoxes); both set `url`.
 */
function senderOrigin(sender: (Runtime.MessageSender & { origin?: string }) | undefined): string | null {
  if (sender?.origin) return sender.origin
  if (sender?.url) {
    try {
      return new URL(sender.url).origin
    } catch {
      return null
    }
  }
  return null
}

function isRelayRequest(data: unknown): data is RelayRequest {
  if (!data || typeof data !== 'object') return false
  const m = data as Partial<RelayRequest>
  return (
    m.kind === 'request' && typeof m.id === 'string' && !!m.request && typeof m.request.method === 'string'
  )
}

function isResume(data: unknown): data is Extract<RelayToBackground, { kind: 'resume' }> {
  const m = data as { kind?: unknown; subscriptions?: unknown } | null
  return !!m && m.kind === 'resume' && Array.isArray(m.subscriptions)
}

const extensionOrigin = new URL(browser.runtime.getURL('')).origin

let connectedOnce = false
browser.runtime.onConnect.addListener((port) => {
  if (!connectedOnce) markStart('first-port')
  connectedOnce = true
  // Ports from other extensions never reach onConnect (no externally_connectable), but check anyway.
  if (port.sender?.id !== browser.runtime.id) return port.disconnect()
  const origin = senderOrigin(port.sender)
  let open = true
  const send = (message: unknown) => {
    if (!open) return
    try {
      port.postMessage(message)
    } catch {
      open = false
    }
  }

  if (port.name === PAGE_PORT_NAME && port.sender?.tab && origin && origin !== extensionOrigin) {
    const page = { origin, send }
    port.onDisconnect.addListener(() => {
      open = false
      void service().then((s) => s.disconnectPage(page))
    })
    // A `ping` needs no answer: receiving it is what keeps an idle worker from being stopped.
    port.onMessage.addListener((message: unknown) => {
      if (isResume(message)) return void service().then((s) => s.resumePage(page, message.subscriptions))
      if (!isRelayRequest(message)) return
      startUp.request(message.request.method)
      void service()
        .then((s) => s.handlePageRequest(page, message))
        .then(markFirstAnswer)
    })
    void service().then((s) => s.connectPage(page))
    return
  }

  if (port.name === DEVTOOLS_PORT_NAME && origin === extensionOrigin) {
    startUp.open()
    const panel = { send }
    port.onDisconnect.addListener(() => {
      open = false
      disconnectPanelFeed(panel)
      void service().then((s) => s.disconnectPanel(panel))
    })
    port.onMessage.addListener((message: unknown) => {
      if (isPanelExtraRequest(message)) return void service().then((s) => handlePanelExtra(s, panel, message))
      if (!isPanelMessage(message)) return
      void service().then((s) => handlePanelMessage(s, panel, message))
    })
    void service().then((s) => s.connectPanel(panel))
    return
  }

  port.disconnect()
})
