/**
 * The KeyValueStore contract of src/core/storage, run once against Chromium's real IndexedDB:
 * the store runs in a page, each operation is called from here through Playwright.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { keyValueStoreContract } from '../../src/core/storage/keyValueStoreContract.js'
import type { KeyValueStore, KvOperation, KvRange } from '../../src/core/storage/types.js'
import { type ExtensionBrowser, launchWithExtension, type PageServer, startPageServer } from './harness.js'
import { servePage } from './pages.js'

type Api = {
  open(name: string): Promise<number>
  get(id: number, key: string): Promise<number[] | null>
  put(id: number, key: string, value: number[]): Promise<void>
  delete(id: number, key: string): Promise<void>
  range(id: number, range: KvRange): Promise<Array<[string, number[]]>>
  batch(id: number, ops: unknown[]): Promise<void>
  close(id: number): Promise<void>
}

let ext: ExtensionBrowser
let server: PageServer
let page: Page
let counter = 0

beforeAll(async () => {
  ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
  const url = await servePage(server, '/storage', 'pages/storage.ts')
  page = await ext.context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => document.title === 'storage ready')
})

afterAll(async () => {
  await server?.close()
  await ext?.close()
})

function call<K extends keyof Api>(
  method: K,
  ...args: Parameters<Api[K]>
): Promise<Awaited<ReturnType<Api[K]>>> {
  return page.evaluate(
    ([m, a]) => {
      const api = (window as unknown as { kvStore: Record<string, (...x: unknown[]) => Promise<unknown>> })
        .kvStore
      return api[m as string]!(...(a as unknown[]))
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<Api[K]>>>
}

async function remoteStore(name: string): Promise<KeyValueStore> {
  const id = await call('open', name)
  return {
    get: async (key) => {
      const value = await call('get', id, key)
      return value === null ? undefined : Uint8Array.from(value)
    },
    put: (key, value) => call('put', id, key, Array.from(value)),
    delete: (key) => call('delete', id, key),
    range: async (range) => (await call('range', id, range)).map(([k, v]) => [k, Uint8Array.from(v)]),
    batch: (ops: KvOperation[]) =>
      call(
        'batch',
        id,
        // Non-byte values pass through untouched so the store's own validation sees them.
        ops.map((op) =>
          op.type === 'put' && op.value instanceof Uint8Array
            ? { ...op, value: Array.from(op.value), bytes: true }
            : op,
        ),
      ),
    close: () => call('close', id),
  }
}

keyValueStoreContract('indexeddb (Chromium)', () => remoteStore(`contract-${++counter}`), {
  async reopen(store) {
    await store.close()
    return remoteStore(`contract-${counter}`)
  },
})
