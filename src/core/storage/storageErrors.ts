/**
 * The host's storage refused a write because it is full (IndexedDB's `QuotaExceededError`, a disk
 * with no space left). The batch was not written: the chain stays at its previous head, and the
 * request that needed the write answers -32000 with this text instead of a bug's -32603.
 */
export class StorageFullError extends Error {
  static readonly code = -32000
  override name = 'StorageFullError'
  constructor(options?: { cause?: unknown }) {
    super(
      'storage full: the browser refused to store more for this node (QuotaExceededError); nothing was written. Free space: clear the request log or reset a network.',
      options,
    )
  }
}

/** `error` as a `StorageFullError` when it says the storage is full; otherwise unchanged. */
export function asStorageError(error: unknown): unknown {
  const name = (error as { name?: unknown } | null)?.name
  const code = (error as { code?: unknown } | null)?.code
  if (name === 'QuotaExceededError' || code === 'ENOSPC') return new StorageFullError({ cause: error })
  return error
}
