/**
 * The node in the extension's service worker recovers senders with libsecp256k1 (WebAssembly,
 * shipped as a file of the package) and hashes with hash-wasm, because the manifest's CSP allows
 * 'wasm-unsafe-eval'. Without that CSP entry the same build still starts and serves on pure JS.
 * The worker exposes `rskDevnodeCryptoBackends()` (src/background/index.ts) for its console.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page, type Worker } from 'playwright-core'
import { keccak256, toBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHROMIUM_PATH,
  EXTENSION_DIR,
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
  waitForInjection,
} from './harness.js'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }

async function backends(worker: Worker) {
  return worker.evaluate(() =>
    (
      globalThis as unknown as { rskDevnodeCryptoBackends(): Promise<Record<string, string>> }
    ).rskDevnodeCryptoBackends(),
  )
}

function rpc(page: Page, method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    ([m, p]) =>
      (window as unknown as { ethereum: Eth }).ethereum.request({
        method: m as string,
        params: p as unknown[],
      }),
    [method, params] as const,
  )
}

/** A transfer signed here, outside the extension, by the dev account cow2; the node must recover cow2. */
async function sendSignedElsewhere(page: Page) {
  const account = privateKeyToAccount(keccak256(toBytes('cow2')))
  const [nonce, gasPrice, chainId] = (await Promise.all([
    rpc(page, 'eth_getTransactionCount', [account.address, 'pending']),
    rpc(page, 'eth_gasPrice'),
    rpc(page, 'eth_chainId'),
  ])) as string[]
  const raw = await account.signTransaction({
    type: 'legacy',
    chainId: Number(chainId),
    nonce: Number(nonce),
    gasPrice: BigInt(gasPrice as string),
    gas: 21_000n,
    to: '0x7986b3df570230288501eea3d890bd66948c9b79',
    value: 1n,
  })
  const hash = (await rpc(page, 'eth_sendRawTransaction', [raw])) as string
  const tx = (await rpc(page, 'eth_getTransactionByHash', [hash])) as { from: string }
  const receipt = (await rpc(page, 'eth_getTransactionReceipt', [hash])) as { status: string; from: string }
  return {
    signer: account.address.toLowerCase(),
    from: tx.from,
    receiptFrom: receipt.from,
    status: receipt.status,
  }
}

describe('WebAssembly crypto in the service worker', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', '<!doctype html><title>wasm</title>')
    page = await ext.context.newPage()
    await page.goto(server.url)
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it('ships libsecp256k1 as a .wasm file and allows WebAssembly in the manifest CSP', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8'))
    expect(manifest.content_security_policy.extension_pages).toContain("'wasm-unsafe-eval'")
  })

  it('recovers the sender of an externally signed transaction with libsecp256k1-wasm and hashes with hash-wasm', async () => {
    expect(await rpc(page, 'eth_blockNumber')).toMatch(/^0x/) // opens the node
    expect(await backends(ext.worker)).toEqual({
      recovery: 'libsecp256k1-wasm',
      keccak: 'hash-wasm',
      sha256: 'hash-wasm',
    })
    const sent = await sendSignedElsewhere(page)
    expect(sent.from).toBe(sent.signer)
    expect(sent.receiptFrom).toBe(sent.signer)
    expect(sent.status).toBe('0x1')
  })
})

describe('without WebAssembly in the CSP', () => {
  let dir: string
  let profile: string
  let server: PageServer
  let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>>
  let worker: Worker
  let page: Page

  beforeAll(async () => {
    // The same build, with the manifest's CSP left at the MV3 default (WebAssembly refused).
    dir = await mkdtemp(join(tmpdir(), 'rsk-devnode-nowasm-'))
    profile = await mkdtemp(join(tmpdir(), 'rsk-devnode-nowasm-profile-'))
    await cp(EXTENSION_DIR, dir, { recursive: true })
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'))
    delete manifest.content_security_policy
    await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest))
    server = await startPageServer()
    server.route('/', '<!doctype html><title>no wasm</title>')
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        '--no-sandbox',
        '--disable-gpu',
        `--disable-extensions-except=${dir}`,
        `--load-extension=${dir}`,
      ],
    })
    worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', { timeout: 15_000 }))
    await waitForInjection(worker)
    page = await context.newPage()
    await page.goto(server.url)
  })

  afterAll(async () => {
    await server?.close()
    await context?.close()
    await rm(dir, { recursive: true, force: true })
    await rm(profile, { recursive: true, force: true })
  })

  it('starts, falls back to pure JS, and still recovers senders correctly', async () => {
    expect(await rpc(page, 'eth_blockNumber')).toMatch(/^0x/)
    expect(await backends(worker)).toEqual({ recovery: 'noble', keccak: 'noble', sha256: 'noble' })
    const sent = await sendSignedElsewhere(page)
    expect(sent.from).toBe(sent.signer)
    expect(sent.status).toBe('0x1')
  })
})
