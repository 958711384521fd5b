/**
 * The DOM event the withdraw content script dispatches on `window` at document_start on a site
 * the allow list leaves out. Events cross the isolated and main worlds, so the one dispatch
 * reaches both the provider (MAIN) and the relay (ISOLATED), which then step aside before any page
 * script runs (src/background/injection.ts).
 */
export const WITHDRAW_EVENT = 'rsk-devnode:withdraw'
