/** Loaders over a map of nodes by hash hex, for tests whose tries commit every node under its hash. */
import { bytesToHex } from '../util/hex.js'
import type { SyncTrieNodeLoader, TrieNodeLoader } from './store.js'

export function syncLoaderOf(persisted: ReadonlyMap<string, Uint8Array>): SyncTrieNodeLoader {
  return (hash) => {
    const encoded = persisted.get(bytesToHex(hash))
    return encoded && { encoded, childAt: undefined }
  }
}

/** `onLoad` counts the reads that reached the map. */
export function loaderOf(persisted: ReadonlyMap<string, Uint8Array>, onLoad?: () => void): TrieNodeLoader {
  return async (hash) => {
    onLoad?.()
    const encoded = persisted.get(bytesToHex(hash))
    return encoded && [{ hash, encoded, childAt: undefined }]
  }
}
