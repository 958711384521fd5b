/**
 * The background worker's door to the WebExtension APIs: the browser's own promise-returning
 * object, `browser` where the browser has one (Firefox; Chromium from its native `browser`),
 * else `chrome` (Chromium before that: every call the worker makes returns a promise in MV3 from
 * Chrome 111, the manifest's minimum). Typed by @types/webextension-polyfill, as the pages' door
 * (extensionApi.ts) is.
 *
 * Not webextension-polyfill: it is a CommonJS module, and importing it makes the bundle copy every
 * property of the native object at evaluation (`__toESM`), which instantiates the bindings of
 * every API namespace: ~3–4 ms of each cold start of the worker (bench/README.md). The worker
 * uses only calls that return promises natively (runtime, storage, scripting, permissions,
 * windows), so the polyfill's wrapping adds nothing there.
 */
import type Browser from 'webextension-polyfill'

export type { Runtime } from 'webextension-polyfill'

type ExtensionGlobals = { browser?: Browser.Browser; chrome?: Browser.Browser }

function nativeBrowser(): Browser.Browser {
  const globals = globalThis as unknown as ExtensionGlobals
  if (globals.browser?.runtime?.id) return globals.browser
  if (globals.chrome?.runtime?.id) return globals.chrome
  throw new Error('RSK Devnode: the WebExtension API is not available in this context')
}

export const browser: Browser.Browser = nativeBrowser()
