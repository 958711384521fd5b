import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadApps } from '../../src/server/apps/appStore.js'
import { rpc, send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer
let pageDir: string
let token: string

beforeAll(async () => {
  // A stand-in for the built page: the server only needs index.html with the token placeholder.
  pageDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-page-'))
  await mkdir(join(pageDir, 'assets'))
  await writeFile(
    join(pageDir, 'index.html'),
    '<meta name="rsk-devnode-token" content="__DASHBOARD_TOKEN__">',
  )
  await writeFile(join(pageDir, 'assets', 'app.js'), 'export {}')
  harness = await startTestServer({ dashboardDirectory: pageDir })
  const page = await send(`${harness.server.url}/`, { method: 'GET' })
  token = /content="([^"]+)"/.exec(page.text)![1]!
})

afterAll(async () => {
  await harness.stop()
  await rm(pageDir, { recursive: true, force: true })
})

const api = (path: string, method: string, headers: Record<string, string> = {}, body?: unknown) =>
  send(`${harness.server.url}/dashboard/api/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const own = () => ({ 'x-dashboard-token': token, origin: harness.server.url })

describe('the dashboard page', () => {
  test('carries a fresh session token and the security headers; assets are served, paths outside refused', async () => {
    const page = await send(`${harness.server.url}/`, { method: 'GET' })
    expect(page.status).toBe(200)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin')
    const asset = await send(`${harness.server.url}/dashboard/assets/app.js`, { method: 'GET' })
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/)
    const outside = await send(`${harness.server.url}/dashboard/assets/..%2Findex.html`, { method: 'GET' })
    expect(outside.status).toBe(404)
  })

  test('a Host that is not a loopback name is refused (DNS rebinding)', async () => {
    const page = await send(`${harness.server.url}/`, {
      method: 'GET',
      headers: { host: 'evil.example:4444' },
    })
    expect(page.status).toBe(403)
    expect(page.text).not.toContain(token)
  })
})

describe('the dashboard API', () => {
  test('refuses calls without the token or with a wrong one', async () => {
    expect((await api('apps', 'GET')).status).toBe(403)
    expect((await api('apps', 'GET', { 'x-dashboard-token': 'x'.repeat(43) })).status).toBe(403)
    expect((await api('apps', 'GET', { 'x-dashboard-token': token })).status).toBe(200)
  })

  test('refuses changes without this server as Origin, or from another site', async () => {
    const body = { name: 'evil', useCase: 'defi', networks: ['regtest'] }
    expect((await api('apps', 'POST', { 'x-dashboard-token': token }, body)).status).toBe(403)
    const foreign = { 'x-dashboard-token': token, origin: 'http://127.0.0.1:1' }
    expect((await api('apps', 'POST', foreign, body)).status).toBe(403)
    const crossSite = { ...own(), 'sec-fetch-site': 'cross-site' }
    expect((await api('apps', 'POST', crossSite, body)).status).toBe(403)
    expect((await loadApps(harness.dataDir)).map((app) => app.name)).toEqual(['dev'])
  })

  test('creates, changes and deletes an app, each taking effect on the next request', async () => {
    const created = await api('apps', 'POST', own(), {
      name: 'shop',
      useCase: 'wallet',
      networks: ['testnet'],
    })
    expect(created.status).toBe(201)
    const { app, addresses } = created.json
    expect(addresses).toEqual([
      {
        network: 'testnet',
        chainId: 31,
        url: `${harness.server.url}/testnet/${app.apiKey}`,
        providerUrl: `${harness.server.url}/testnet/v2/${app.apiKey}`,
      },
    ])
    expect((await rpc(addresses[0].url, 'eth_chainId')).json.result).toBe('0x1f')
    expect((await api('apps', 'POST', own(), { name: 'SHOP', useCase: 'defi' })).json.error).toMatch(
      /already exists/,
    )
    const changed = await api(`apps/${app.id}`, 'PATCH', own(), {
      networks: ['regtest'],
      chainMethods: false,
    })
    expect(changed.json.app).toMatchObject({ networks: ['regtest'], chainMethods: false })
    expect((await rpc(harness.server.rpcUrl(app.apiKey, 'testnet'), 'eth_chainId')).status).toBe(403)
    const quota = await api(`apps/${app.id}/quota`, 'PUT', own(), { daily: 'lots' })
    expect(quota.status).toBe(400)
    const list = await api('apps', 'GET', { 'x-dashboard-token': token })
    expect(list.json.apps.map((entry: { name: string }) => entry.name)).toEqual(['dev', 'shop'])
    expect((await api(`apps/${app.id}`, 'DELETE', own())).status).toBe(200)
    expect((await rpc(harness.server.rpcUrl(app.apiKey, 'regtest'), 'eth_chainId')).status).toBe(401)
  })
})
