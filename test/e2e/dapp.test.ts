/** The demo dApp (test/dapp), built with vite and clicked through in Chromium with the extension. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExtensionBrowser, launchWithExtension, type PageServer, startPageServer } from './harness.js'

describe('demo dApp', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let outDir: string

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-dapp-'))
    await build({
      configFile: resolve(import.meta.dirname, '../dapp/vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
    })
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', await readFile(join(outDir, 'index.html'), 'utf8'))
    for (const file of await readdir(join(outDir, 'assets'))) {
      server.route(`/assets/${file}`, await readFile(join(outDir, 'assets', file), 'utf8'))
    }
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
    await rm(outDir, { recursive: true, force: true })
  })

  it('connects through EIP-6963, deploys, sends and lists the Transfer events', async () => {
    const page = await ext.context.newPage()
    await page.goto(server.url)
    await expect.poll(() => page.textContent('#wallet')).toBe('RSK Devnode (dev.rskdevnode)')
    await expect.poll(() => page.textContent('#chain')).toBe('0x1f')
    await page.click('#connect')
    await expect.poll(() => page.textContent('#account')).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826')
    await page.click('#deploy')
    await expect
      .poll(() => page.textContent('#status'), { timeout: 15_000 })
      .toMatch(/^deployed in block \d+$/)
    await expect.poll(() => page.textContent('#balance')).toBe('1000000 DEMO')
    await page.click('#send')
    await expect
      .poll(() => page.textContent('#status'), { timeout: 15_000 })
      .toMatch(/^transfer success in block \d+$/)
    // The watch starts after the deployment, so the transfer is the first event it lists.
    await expect
      .poll(async () => (await page.locator('#events li').first().textContent())?.toLowerCase(), {
        timeout: 10_000,
      })
      .toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826 → 0x7986b3df570230288501eea3d890bd66948c9b79: 1')
    await page.click('#revert')
    await expect
      .poll(() => page.textContent('#status'), { timeout: 15_000 })
      .toContain('DemoToken: always fails')
    await page.click('#switch-regtest')
    await expect.poll(() => page.textContent('#chain')).toBe('0x21')
  })
})
