/**
 * Imported by the worker's entry (index.ts) right after startMark.ts and importing no library, so
 * that it is evaluated before the node's and the wallet's modules: the extension database starts
 * opening while the rest of the worker's scripts are evaluated (~30–50 ms of a cold start,
 * bench/extension) rather than after them, and the wallet's records are read as soon as it is
 * open, before the Port that woke the worker is even delivered. Every wake-up of the worker is
 * for something that reads them (a page's request, a panel, the test control).
 */
import { openExtensionDbRequest, readAllRecords } from './extensionDbSchema.js'

interface AtStart {
  request: IDBOpenDBRequest
  /** Every record of the wallet store, read once the database is open. */
  walletRecords: Promise<Map<string, unknown>>
}

function start(): AtStart {
  const request = openExtensionDbRequest(indexedDB)
  const walletRecords = new Promise<Map<string, unknown>>((resolve, reject) => {
    request.addEventListener('error', () => reject(request.error))
    request.addEventListener('success', () => {
      // The benchmarks' start-up marks (bench/extension/worker.mjs): when the open completed.
      performance.mark('rsk:extension-db-ready')
      readAllRecords(request.result, 'wallet').then(resolve, reject)
    })
  })
  walletRecords.catch(() => undefined)
  return { request, walletRecords }
}

let atStart: AtStart | null = start()

/** What was started at the start, once; later calls (after a failure) get null and open again. */
export function openedAtStart(): AtStart | null {
  const started = atStart
  atStart = null
  return started
}
