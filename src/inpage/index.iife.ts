/**
 * MAIN-world entry, injected at document_start before any page script. The `.iife.ts` name makes
 * the build emit it as one synchronous, self-contained file (an async module loader would run
 * after the page's scripts). It must stay small and free of chain code.
 */
import { PAGE_CHANNEL, PROTOCOL_VERSION, type RelayToPage } from '../shared/protocol.js'
import { NOT_METAMASK_EVENT } from '../shared/providerFlags.js'
import { WITHDRAW_EVENT } from '../shared/withdraw.js'
import { announceProvider, createProviderInfo } from './eip6963.js'
import { RskDevnodeProvider } from './provider.js'

function isRelayMessage(data: unknown): data is RelayToPage {
  if (!data || typeof data !== 'object') return false
  const message = data as Partial<RelayToPage>
  return message.channel === PAGE_CHANNEL && message.v === PROTOCOL_VERSION && message.dir === 'relay-to-page'
}

let withdrawn = false
const provider = new RskDevnodeProvider({
  // Never '*': only a document of this page's origin may read what we send.
  post: (message) => {
    if (!withdrawn) window.postMessage(message, window.location.origin)
  },
  listen: (handler) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || !isRelayMessage(event.data)) return
      handler(event.data)
    }
    window.addEventListener('message', onMessage)
    window.addEventListener(WITHDRAW_EVENT, () => window.removeEventListener('message', onMessage), {
      once: true,
    })
  },
})

/** UUIDv4; `crypto.randomUUID` is missing on insecure (plain http, non-localhost) pages. */
function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// The wallet's isMetaMask setting is off: a registered script says so before the page's first script.
window.addEventListener(
  NOT_METAMASK_EVENT,
  () => {
    provider.isMetaMask = false
  },
  { once: true },
)

const stopAnnouncing = announceProvider(window, createProviderInfo(uuidV4()), provider)

// Only when no other wallet got there first, and configurable so that one injected later can
// still take its place.
if (!('ethereum' in window)) {
  Object.defineProperty(window, 'ethereum', {
    value: provider,
    configurable: true,
    enumerable: true,
    writable: true,
  })
  window.dispatchEvent(new Event('ethereum#initialized'))
}

// The allow list leaves this site out (see src/background/injection.ts): step aside before the
// page's first script, as if never injected.
window.addEventListener(
  WITHDRAW_EVENT,
  () => {
    withdrawn = true
    stopAnnouncing()
    if ((window as { ethereum?: unknown }).ethereum === provider)
      delete (window as { ethereum?: unknown }).ethereum
  },
  { once: true },
)
