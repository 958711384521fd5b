/**
 * Registered by the worker (src/background/injection.ts) for every site the allow list leaves out,
 * at document_start right after the manifest's provider and relay: tells both to step aside before
 * the page's first script. No imports beyond a constant, so the file stays a few bytes.
 */
import { WITHDRAW_EVENT } from '../shared/withdraw.js'

window.dispatchEvent(new CustomEvent(WITHDRAW_EVENT))
