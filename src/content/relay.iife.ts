/**
 * ISOLATED-world entry at document_start. Uses `chrome.runtime` directly: MV3 Chrome and Firefox
 * both provide it, and the polyfill would add ~30 kB to every page.
 */
import { PAGE_PORT_NAME } from '../shared/protocol.js'
import { WITHDRAW_EVENT } from '../shared/withdraw.js'
import { createRelay, type RelayPort } from './relay.js'

/** Set when the allow list leaves this site out: the relay goes quiet and keeps no Port. */
let withdrawn = false
let port: RelayPort | null = null

const relay = createRelay({
  postToPage: (message) => {
    if (!withdrawn) window.postMessage(message, window.location.origin)
  },
  connect: () => {
    if (withdrawn) throw new Error('withdrawn from this site')
    port = chrome.runtime.connect({ name: PAGE_PORT_NAME }) as unknown as RelayPort
    return port
  },
  session: crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
})

const onMessage = (event: MessageEvent) => relay.onWindowMessage(event.data, event.source === window)
window.addEventListener('message', onMessage)

relay.start()

window.addEventListener(
  WITHDRAW_EVENT,
  () => {
    withdrawn = true
    window.removeEventListener('message', onMessage)
    port?.disconnect()
  },
  { once: true },
)
