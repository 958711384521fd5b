/**
 * The one door to the WebExtension APIs for the extension's own contexts (the background, the
 * DevTools panel and page, the popup): Mozilla's webextension-polyfill, which gives Chromium the
 * promise-based `browser.*` API of Firefox (on Firefox it is Firefox's own `browser`), typed by
 * @types/webextension-polyfill, so one code path runs on both. The page-side scripts
 * (src/inpage, src/content) never import it (a dependency rule): they need only `chrome.runtime`,
 * which both browsers have, and stay small.
 */
import browser from 'webextension-polyfill'

export type { Runtime } from 'webextension-polyfill'
export { browser }
