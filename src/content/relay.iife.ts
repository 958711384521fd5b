/**
 * ISOLATED-world entry at document_start. Uses `chrome.runtime` directly: MV3 Chrome and Firefox
 * both provide it, and the polyfill would add ~30 kB to every page.
 */
import { PAGE_PORT_NAME } from '../shared/protocol.js'
import { createRelay, type RelayPort } from './relay.js'

const relay = createRelay({
  postToPage: (message) => window.postMessage(message, window.location.origin),
  connect: () => chrome.runtime.connect({ name: PAGE_PORT_NAME }) as unknown as RelayPort,
  session: crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
})

window.addEventListener('message', (event) => relay.onWindowMessage(event.data, event.source === window))

relay.start()
