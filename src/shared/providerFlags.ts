/**
 * The DOM event a content script the worker registers while the wallet's `isMetaMask` setting is
 * off dispatches on `window` at document_start, right after the manifest's provider and before
 * any page script: the provider then says `isMetaMask: false` from the page's first script on
 * (src/background/providerFlags.ts). Events cross the isolated and main worlds.
 */
export const NOT_METAMASK_EVENT = 'rsk-devnode:not-metamask'
