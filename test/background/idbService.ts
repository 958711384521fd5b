/**
 * What a background service needs, over a fake IndexedDB factory, as the worker builds it
 * (src/background/index.ts) without the browser's APIs: a real node opener on `factory`'s chain
 * stores, the wallet store and request log in the extension database, the real clock. Tests
 * spread it and override what they fake (the clock, timers, a wrapped openNode). The test file
 * imports `fake-indexeddb/auto` first (idb checks instanceof against the globals).
 */
import { createIdbWalletStore, openExtensionDb } from '../../src/background/db.js'
import { createNodeOpener, indexedDbChainStores } from '../../src/background/nodeFactory.js'
import { createRequestLog } from '../../src/background/requestLog.js'

export async function idbServiceDependencies(factory: IDBFactory) {
  const db = await openExtensionDb(factory)
  return {
    openNode: createNodeOpener(
      { os: 'linux', runtime: 'chrome-156', build: 'test' },
      indexedDbChainStores(factory),
    ),
    store: createIdbWalletStore(db),
    log: createRequestLog(db),
    now: () => Date.now(),
    elapsed: () => performance.now(),
    newId: () => crypto.randomUUID(),
  }
}
