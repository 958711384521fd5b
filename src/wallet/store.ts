/**
 * Where the wallet keeps what must survive reloads and worker restarts (grants, imported keys,
 * settings, the selected network). The background backs it with IndexedDB; tests use memory.
 * Values are structured-clonable JSON-like data.
 */
export interface WalletStore {
  get<T>(key: string): Promise<T | undefined>
  put<T>(key: string, value: T): Promise<void>
}

export function createMemoryWalletStore(): WalletStore {
  const values = new Map<string, unknown>()
  return {
    async get<T>(key: string) {
      // Copy out, as IndexedDB would, so callers cannot mutate stored state by accident.
      const value = values.get(key)
      return value === undefined ? undefined : (structuredClone(value) as T)
    },
    async put<T>(key: string, value: T) {
      values.set(key, structuredClone(value))
    },
  }
}
