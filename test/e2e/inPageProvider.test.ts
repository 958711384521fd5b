/**
 * `rsk-devnode/provider` (dist/lib/provider.js) in a real page of plain Chromium, no extension:
 * the built file loads as a `<script type="module">` with no bundler, runs the node on the page's
 * IndexedDB, mines a transaction, and after a reload opens the same chain with it.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { init, parse } from 'es-module-lexer'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CHROMIUM_PATH, FLAGS, type PageServer, startPageServer } from './harness.js'

const BUILT = resolve(import.meta.dirname, '../../dist/lib/provider.js')
const COW = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const TO = '0x000000000000000000000000000000000000beef'

const PAGE = `<!doctype html><title>in-page node</title><script type="module">
  import { createInPageProvider } from '/provider.js'
  window.opened = createInPageProvider({ network: 'regtest' }).then(({ provider }) => {
    window.provider = provider
    return true
  })
</script>`

let profile: string
let context: BrowserContext
let server: PageServer
let page: Page

type InPage = {
  opened: Promise<boolean>
  provider: { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
}

async function request(method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    async ([m, p]) => {
      const w = window as unknown as InPage
      await w.opened
      return w.provider.request({ method: m as string, params: p as unknown[] })
    },
    [method, params] as const,
  )
}

beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'rsk-devnode-inpage-'))
  server = await startPageServer()
  server.route('/', PAGE)
  server.route('/provider.js', readFileSync(BUILT, 'utf8'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
  })
  page = await context.newPage()
  await page.goto(server.url)
})

afterAll(async () => {
  await context?.close()
  await server?.close()
  await rm(profile, { recursive: true, force: true })
})

test('the built entry imports nothing: no Node built-in, package or WebAssembly', async () => {
  await init
  const code = readFileSync(BUILT, 'utf8')
  const [imports] = parse(code)
  expect(imports.map((entry) => entry.n ?? code.slice(entry.s, entry.e))).toEqual([])
  expect(code).not.toMatch(/\.wasm["'`]/)
})

test('a page runs the node on IndexedDB and mines a transaction', async () => {
  expect(await request('eth_chainId')).toBe('0x21')
  await request('anvil_impersonateAccount', [COW])
  const hash = await request('eth_sendTransaction', [{ from: COW, to: TO, value: '0x2a' }])
  const receipt = (await request('eth_getTransactionReceipt', [hash])) as { status: string }
  expect(receipt.status).toBe('0x1')
  expect(await request('eth_getBalance', [TO, 'latest'])).toBe('0x2a')
})

test('after a reload the page opens the same chain from IndexedDB', async () => {
  const head = await request('eth_blockNumber')
  expect(head).not.toBe('0x0')
  await page.reload()
  expect(await request('eth_blockNumber')).toBe(head)
  expect(await request('eth_getBalance', [TO, 'latest'])).toBe('0x2a')
})
