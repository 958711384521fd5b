/**
 * Registered by the worker (src/background/providerFlags.ts) while the `isMetaMask` setting is off,
 * at document_start right after the manifest's provider: tells it before the page's first script.
 */
import { NOT_METAMASK_EVENT } from '../shared/providerFlags.js'

window.dispatchEvent(new CustomEvent(NOT_METAMASK_EVENT))
