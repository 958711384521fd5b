/**
 * The MV3 service worker (a Firefox event page with the same code). Listeners are registered
 * synchronously on the first turn, so a Port that wakes the worker is never missed; everything
 * else (databases, nodes) opens lazily on first use. The one thing done at every start is to
 * bring the withdraw script's registration in line with the allow list (injection.ts), once the
 * first answer is sent; the provider itself is a static content script of the manifest, in pages
 * from the install on.
 */

// First: its mark is the start of the worker's module evaluation (startMark.ts).
import './startMark.js'
import { browser, type Runtime } from '../shared/extensionApi.js'
import {
  DEVTOOLS_PORT_NAME,
  PAGE_PORT_NAME,
  type RelayRequest,
  type RelayToBackground,
} from '../shared/protocol.js'
import { CONTROL_GLOBAL } from '../shared/testControl.js'
import { useRecoverableSigner } from '../wallet/signer.js'
import { createIdbWalletStore, openExtensionDb } from './db.js'
import { INJECTED_FILES } from './injectedFiles.js'
import { createInjection, type ScriptingApi } from './injection.js'
import { browserPlatform, createNodeOpener, deleteChainStore, indexedDbChainStores } from './nodeFactory.js'
import { disconnectPanelFeed, handlePanelExtra, isPanelExtraRequest } from './panel/panelQueries.js'
import { handlePanelMessage, isPanelMessage } from './panel.js'
import { createProviderFlags } from './providerFlags.js'
import { quietScheduler } from './quietScheduler.js'
import { createRequestLog } from './requestLog.js'
import { type BackgroundService, createBackgroundService } from './service.js'
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

/** The longest the start-up check of the content-script registrations waits for a first answer. */
const SYNC_DELAY_MS = 1000

/** The first answer to a page has been sent (or, woken by something else, a second passed). */
let firstAnswerSent = () => {}
const afterFirstAnswer = new Promise<void>((resolve) => {
  firstAnswerSent = resolve
  setTimeout(resolve, SYNC_DELAY_MS)
})

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

// libsecp256k1 ships as a file of the package. A node starts loading it once it has opened (its
// first answers need no signature); the wallet signs with it from then on (noble until then).
const loadSecp256k1 = secp256k1WasmLoader(secp256k1WasmUrl((path) => browser.runtime.getURL(path)))
let signerWaiting = true
const secp256k1 = () => {
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
  [CONTROL_GLOBAL]: createTestControl(service),
})

let servicePromise: Promise<BackgroundService> | null = null

let answeredOnce = false
function markFirstAnswer(): void {
  if (answeredOnce) return
  answeredOnce = true
  markStart('first-answer')
  firstAnswerSent()
}

function service(): Promise<BackgroundService> {
  servicePromise ??= openExtensionDb(indexedDB).then((db) => {
    markStart('extension-db-open')
    return createBackgroundService({
      openNode: createNodeOpener(
        browserPlatform(navigator),
        indexedDbChainStores(indexedDB),
        secp256k1,
        markStart,
      ),
      deleteChain: deleteChainStore(indexedDB),
      store: createIdbWalletStore(db),
      log: createRequestLog(db),
      // One log transaction per pause in the requests (or per 250 ms, or per 100 entries), not one
      // per request competing with each block's commit.
      scheduleLogWrite: quietScheduler({ quietMs: 20, maxDelayMs: 250, maxWaiting: 100 }),
      injection,
      syncProviderFlags: providerFlags.sync,
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

browser.runtime.onConnect.addListener((port) => {
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
      void service()
        .then((s) => s.handlePageRequest(page, message))
        .then(markFirstAnswer)
    })
    void service().then((s) => s.connectPage(page))
    return
  }

  if (port.name === DEVTOOLS_PORT_NAME && origin === extensionOrigin) {
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
