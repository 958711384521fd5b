/**
 * The demo dApp (test/dapp), built with vite (once per run, globalSetup.ts) and clicked through in
 * Chromium with the extension.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type ExtensionBrowser, launchWithExtension, type PageServer, startPageServer } from './harness.js'

describe('demo dApp', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  // Built once per run by globalSetup.ts.
  const outDir = inject('demoDappDir')

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', await readFile(join(outDir, 'index.html'), 'utf8'))
    for (const file of await readdir(join(outDir, 'assets'))) {
      server.route(`/assets/${file}`, await readFile(join(outDir, 'assets', file), 'utf8'))
    }
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
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
    // The token's events from its deployment on: the mint, then the transfer.
    const events = () =>
      page.locator('#events li').evaluateAll((items) => items.map((li) => li.textContent?.toLowerCase()))
    const mint = `0x${'0'.repeat(40)} → 0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826: 1000000`
    const transfer =
      '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826 → 0x7986b3df570230288501eea3d890bd66948c9b79: 1'
    await expect.poll(events, { timeout: 10_000 }).toEqual([mint, transfer])
    await page.click('#revert')
    await expect
      .poll(() => page.textContent('#status'), { timeout: 15_000 })
      .toContain('DemoToken: always fails')
    const token = await page.textContent('#token')
    expect(token).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Another chain has none of this: no token, no balance, no events, no error.
    await page.click('#switch-regtest')
    await expect.poll(() => page.textContent('#chain')).toBe('0x21')
    await expect.poll(() => page.textContent('#status')).toBe('switched to 0x21')
    expect(await page.textContent('#token')).toBe('–')
    expect(await page.textContent('#balance')).toBe('–')
    expect(await events()).toEqual([])

    // Back on testnet: its token, balance and events again.
    await page.click('#switch-testnet')
    await expect.poll(() => page.textContent('#status')).toBe('switched to 0x1f')
    // The dApp asks the chain for the remembered token's code before it shows it again.
    await expect.poll(() => page.textContent('#token')).toBe(token)
    await expect.poll(() => page.textContent('#balance')).toBe('999999 DEMO')
    await expect.poll(events, { timeout: 10_000 }).toEqual([mint, transfer])
  })
})
