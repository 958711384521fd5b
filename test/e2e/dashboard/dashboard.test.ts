/**
 * The server's dashboard in Chromium: create an app with two networks and use its key at once,
 * metrics and the chart after requests, every setting taking effect on the wire, key regeneration
 * and deletion revoking keys, a page from another origin unable to change anything, and
 * screenshots of every view in light and dark. One browser for the whole file.
 */
import { mkdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadApps } from '../../../src/server/apps/appStore.js'
import { coreNodeFactory } from '../../../src/server/node/coreNode.js'
import { type RunningServer, startServer } from '../../../src/server/server.js'
import { makeDataDir, rpc } from '../../server/helpers.js'
import { CHROMIUM_PATH, FLAGS } from '../harness.js'
import { SCREENSHOT_DIR } from '../panel/panelHarness.js'

let server: RunningServer
let dataDir: string
let browser: Browser
let page: Page
let attacker: Server
let attackerUrl: string
let appId: string
let apiKey: string

beforeAll(async () => {
  dataDir = await makeDataDir()
  server = await startServer({ dataDir, nodeFactory: coreNodeFactory(), port: 0, openChainsAtStart: false })
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS })
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } })
  page = await context.newPage()
  // Another origin (another port) whose page will try to change the server's apps.
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<!doctype html><title>elsewhere</title><p>another site</p>')
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`
  await mkdir(SCREENSHOT_DIR, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => attacker?.close(resolve))
  await server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const url = (network: string, key = apiKey) => server.rpcUrl(key, network as 'regtest')
const shot = (name: string) =>
  page.screenshot({ path: join(SCREENSHOT_DIR, `dashboard-${name}.png`), fullPage: true })

async function openTab(tab: 'networks' | 'metrics' | 'settings') {
  await page.goto(`${server.url}/#/apps/${appId}/${tab}`)
  await page.getByTestId(`tab-${tab}`).and(page.locator('[aria-selected="true"]')).waitFor()
}

/** Waits for the settings tab to confirm a save. */
async function saved(what: string) {
  await page
    .getByTestId('settings-saved')
    .filter({ hasText: `${what}: saved.` })
    .waitFor()
}

describe('the dashboard', () => {
  test('serves its page with CSP and no framing, to loopback hosts only', async () => {
    const response = await page.goto(`${server.url}/`)
    const headers = response!.headers()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy']).toContain("script-src 'self'")
    expect(headers['x-frame-options']).toBe('DENY')
    await page.getByTestId('app-row').first().waitFor()
    expect(await page.getByTestId('app-row').getAttribute('data-app')).toBe('dev')
  })

  test('creates an app with two networks chosen by searching; its key works over HTTP at once', async () => {
    await page.getByTestId('create-app').click()
    await page.getByTestId('app-name').fill('Shop')
    await page.getByTestId('app-description').fill('Checkout of the demo shop')
    await page.getByTestId('app-use-case').selectOption('wallet')
    await page.getByTestId('network-search').fill('reg')
    expect(await page.getByTestId('network-mainnet').count()).toBe(0)
    await page.getByTestId('network-regtest').check()
    await page.getByTestId('network-search').fill('31')
    await page.getByTestId('network-testnet').check()
    await page.getByTestId('network-search').fill('')
    await shot('create-light')
    await page.getByTestId('create-submit').click()
    await page.getByTestId('created').waitFor()
    apiKey = (await page.getByTestId('api-key').textContent())!.trim()
    const shown = await page.getByTestId('rpc-url').allTextContents()
    expect(shown).toEqual([url('testnet'), url('regtest')])
    await shot('created-light')
    const app = (await loadApps(dataDir)).find((candidate) => candidate.name === 'Shop')!
    expect(app).toMatchObject({ apiKey, networks: ['testnet', 'regtest'], useCase: 'wallet' })
    appId = app.id

    expect((await rpc(url('regtest'), 'eth_chainId')).json.result).toBe('0x21')
    expect((await rpc(url('testnet'), 'eth_chainId')).json.result).toBe('0x1f')
    const third = await rpc(url('mainnet'), 'eth_chainId')
    expect(third.status).toBe(403)
    expect(third.json.error.code).toBe(-32058)
    expect(third.json.error.message).toContain('it has testnet, regtest')
  })

  test('the Networks tab shows both address forms and snippets with the key', async () => {
    await openTab('networks')
    expect(await page.getByTestId('address').count()).toBe(2)
    expect(await page.getByTestId('rpc-url-v2').first().textContent()).toBe(
      `${server.url}/testnet/v2/${apiKey}`,
    )
    await page.getByTestId('snippet-foundry').click()
    const foundry = await page.getByTestId('snippet').textContent()
    expect(foundry).toContain('--legacy')
    expect(foundry).toContain(url('testnet'))
    await page.getByTestId('snippet-viem').click()
    expect(await page.getByTestId('snippet').textContent()).toContain('rootstockTestnet')
  })

  test('metrics change after requests and the chart shows them, live', async () => {
    await openTab('metrics')
    expect(await page.getByTestId('total-requests').textContent()).toBe('2')
    for (let index = 0; index < 5; index++) await rpc(url('regtest'), 'eth_blockNumber')
    await rpc(url('regtest'), 'eth_getBalance', ['not an address'])
    // No reload: the tab refreshes itself.
    await page.getByTestId('total-requests').filter({ hasText: /^8$/ }).waitFor()
    const today = new Date().toISOString().slice(0, 10)
    expect(
      await page.locator(`[data-testid="day-bar"][data-day="${today}"]`).getAttribute('data-total'),
    ).toBe('8')
    expect(await page.getByTestId('day-bar').count()).toBe(30)
    const count = page.locator(
      '[data-testid="method-row"][data-method="eth_blockNumber"] [data-testid="method-count"]',
    )
    expect(await count.textContent()).toBe('5')
    expect(await page.locator('[data-testid="error-row"][data-code="-32602"]').count()).toBe(1)
    expect(await page.getByTestId('success-rate').textContent()).toBe('87.5%')
    expect(await page.locator('[data-testid="refusal-row"][data-reason="network"]').count()).toBe(1)
  })

  test('screenshots of every view, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      await page.goto(`${server.url}/?theme=${theme}#/`)
      await page.getByTestId('app-row').nth(1).waitFor()
      await shot(`apps-${theme}`)
      await page.goto(`${server.url}/?theme=${theme}#/new`)
      await page.getByTestId('network-regtest').waitFor()
      await page.getByTestId('network-testnet').check()
      if (theme === 'dark') await shot('create-dark')
      for (const tab of ['networks', 'metrics', 'settings'] as const) {
        await page.goto(`${server.url}/?theme=${theme}#/apps/${appId}/${tab}`)
        await page.getByTestId(`tab-${tab}`).and(page.locator('[aria-selected="true"]')).waitFor()
        if (tab === 'metrics') await page.getByTestId('methods-table').waitFor()
        await shot(`${tab}-${theme}`)
      }
    }
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await page.goto(`${server.url}/?theme=light#/`)
  })

  test('the allow list takes effect', async () => {
    await openTab('settings')
    await page.getByTestId('allow-origins-input').fill('https://shop.example')
    await page.getByTestId('allow-origins-add').click()
    await saved('Allow list')
    const outside = await rpc(url('regtest'), 'eth_chainId', [], { origin: 'https://evil.example' })
    expect(outside.json.error.code).toBe(-32052)
    expect((await rpc(url('regtest'), 'eth_chainId', [], { origin: 'https://shop.example' })).status).toBe(
      200,
    )
    await page.getByRole('button', { name: 'Remove https://shop.example' }).click()
    await saved('Allow list')
    expect((await rpc(url('regtest'), 'eth_chainId', [], { origin: 'https://evil.example' })).status).toBe(
      200,
    )
  })

  test('a JWT key takes effect, and removing it lifts the requirement', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    await page.getByTestId('jwt-name').fill('ci')
    await page.getByTestId('jwt-pem').fill(await exportSPKI(publicKey))
    await page.getByTestId('jwt-add').click()
    await saved('JWT key')
    expect(await page.locator('[data-testid="jwt-key"][data-name="ci"]').textContent()).toContain('ES256')
    expect((await rpc(url('regtest'), 'eth_chainId')).json.error.code).toBe(-32054)
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'ci' })
      .setExpirationTime('5m')
      .sign(privateKey)
    const signed = await rpc(url('regtest'), 'eth_chainId', [], { authorization: `Bearer ${token}` })
    expect(signed.json.result).toBe('0x21')
    await page.getByRole('button', { name: 'Remove ci' }).click()
    await saved('JWT key')
    expect((await rpc(url('regtest'), 'eth_chainId')).json.result).toBe('0x21')
  })

  test('a daily quota takes effect and clearing it lifts it', async () => {
    const used = server.metrics.apps.get(appId)!.usage.dayCount
    await page.getByTestId('quota-daily').fill(String(used + 1))
    await page.getByTestId('quota-save').click()
    await saved('Quota')
    expect((await rpc(url('regtest'), 'eth_chainId')).status).toBe(200)
    const over = await rpc(url('regtest'), 'eth_chainId')
    expect(over.status).toBe(429)
    expect(over.json.error.code).toBe(-32005)
    await page.getByTestId('quota-daily').fill('')
    await page.getByTestId('quota-save').click()
    await saved('Quota')
    expect((await rpc(url('regtest'), 'eth_chainId')).status).toBe(200)
  })

  test('the chain-changing methods switch takes effect both ways', async () => {
    await page.getByTestId('chain-methods').uncheck()
    await saved('Chain-changing methods')
    expect(await page.getByTestId('chain-methods').isChecked()).toBe(false)
    const refused = await rpc(url('regtest'), 'evm_mine')
    expect(refused.json.error.code).toBe(-32059)
    expect(refused.json.error.message).toContain('"chainMethods" setting is off')
    const before = (await rpc(url('regtest'), 'eth_blockNumber')).json.result
    await page.getByTestId('chain-methods').check()
    await saved('Chain-changing methods')
    expect((await rpc(url('regtest'), 'evm_mine')).json.error).toBeUndefined()
    expect(BigInt((await rpc(url('regtest'), 'eth_blockNumber')).json.result)).toBe(BigInt(before) + 1n)
  })

  test('regenerating the key revokes the old one; the new one is shown and works', async () => {
    const old = apiKey
    await page.getByTestId('regenerate').click()
    await shot('regenerate-confirm-light')
    await page.getByTestId('regenerate-confirm').click()
    await saved('API key')
    await openTab('networks')
    apiKey = (await page.getByTestId('api-key').textContent())!.trim()
    expect(apiKey).not.toBe(old)
    expect((await rpc(url('regtest', old), 'eth_chainId')).json.error.code).toBe(-32051)
    expect((await rpc(url('regtest'), 'eth_chainId')).json.result).toBe('0x21')
  })

  test('a page on another origin cannot create, change or delete anything', async () => {
    const before = JSON.stringify(await loadApps(dataDir))
    const hostile = await page.context().newPage()
    await hostile.goto(attackerUrl)
    const token = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[name="rsk-devnode-token"]')!.content,
    )
    const outcomes = await hostile.evaluate(
      async ({ base, id, stolen }) => {
        const attempt = async (path: string, init: RequestInit) => {
          try {
            const response = await fetch(`${base}/dashboard/api/${path}`, init)
            return response.type === 'opaque' ? 'opaque' : String(response.status)
          } catch {
            return 'blocked'
          }
        }
        const json = { 'content-type': 'application/json' }
        return [
          // A simple request (no preflight) cannot carry the token: refused by the server, and its
          // answer is withheld from the page (Cross-Origin-Resource-Policy: same-origin).
          await attempt('apps', {
            method: 'POST',
            mode: 'no-cors',
            body: '{"name":"evil","networks":["regtest"]}',
          }),
          await attempt(`apps/${id}`, { method: 'DELETE', mode: 'no-cors' }),
          // With JSON or the token header the browser asks first, and no preflight is granted,
          // even with the real token (which another origin cannot read in the first place).
          await attempt('apps', { method: 'POST', headers: json, body: '{"name":"evil"}' }),
          await attempt(`apps/${id}/regenerate-key`, {
            method: 'POST',
            headers: { ...json, 'x-dashboard-token': stolen },
          }),
          // Reading the apps (and their keys) is not possible either.
          await attempt('apps', { headers: { 'x-dashboard-token': stolen } }),
        ]
      },
      { base: server.url, id: appId, stolen: token },
    )
    expect(outcomes).toEqual(['blocked', 'blocked', 'blocked', 'blocked', 'blocked'])
    // A form post (no JavaScript, no preflight) is refused too.
    const status = await hostile.evaluate(async (base) => {
      const frame = document.createElement('iframe')
      frame.name = 'sink'
      document.body.append(frame)
      const form = document.createElement('form')
      form.method = 'POST'
      form.action = `${base}/dashboard/api/apps`
      form.target = 'sink'
      form.enctype = 'text/plain'
      const input = document.createElement('input')
      input.name = '{"name":"evil","x":"'
      input.value = '"}'
      form.append(input)
      document.body.append(form)
      form.submit()
      await new Promise((resolve) => setTimeout(resolve, 500))
      return 'submitted'
    }, server.url)
    expect(status).toBe('submitted')
    // Framing the dashboard is refused (frame-ancestors 'none'): the frame holds an error page.
    await hostile.evaluate((base) => {
      const frame = document.createElement('iframe')
      frame.src = `${base}/`
      document.body.append(frame)
      return new Promise((resolve) => frame.addEventListener('load', resolve))
    }, server.url)
    const child = hostile.frames().find((frame) => frame !== hostile.mainFrame())!
    expect(await child.evaluate(() => document.querySelector('.dashboard') !== null)).toBe(false)
    await hostile.close()
    expect(JSON.stringify(await loadApps(dataDir))).toBe(before)
  })

  test('deleting the app after confirmation revokes its key', async () => {
    await openTab('settings')
    await page.getByTestId('delete').click()
    expect(await page.getByTestId('delete-confirm').isDisabled()).toBe(true)
    await page.getByTestId('delete-name').fill('Shop')
    await shot('delete-confirm-light')
    await page.getByTestId('delete-confirm').click()
    await page.getByTestId('app-row').first().waitFor()
    expect(await page.getByTestId('app-row').count()).toBe(1)
    expect((await rpc(url('regtest'), 'eth_chainId')).json.error.code).toBe(-32051)
    expect((await loadApps(dataDir)).map((app) => app.name)).toEqual(['dev'])
  })
})
