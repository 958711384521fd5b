import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createManualClock } from '../../src/core/clock/clock.js'
import { addJwtKey, changeAllowList, setQuota } from '../../src/server/apps/appStore.js'
import { rpc, send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer
const clock = createManualClock(Date.UTC(2026, 10, 22, 12, 0, 0))

beforeEach(async () => {
  clock.set(Date.UTC(2026, 10, 22, 12, 0, 0))
  harness = await startTestServer({ now: () => clock.now() })
})

afterEach(async () => {
  await harness.stop()
})

const devApp = () => harness.server.createdDevApp!

async function change(update: () => Promise<unknown>) {
  await update()
  await harness.server.refreshApps()
}

describe('API key', () => {
  test('a missing key is 401 with -32050', async () => {
    for (const path of ['/regtest', '/regtest/', '/regtest/v2/']) {
      const reply = await rpc(`${harness.server.url}${path}`, 'eth_chainId')
      expect(reply.status).toBe(401)
      expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32050 } })
      expect(reply.json.error.message).toMatch(/^missing API key/)
    }
    expect(harness.server.metrics.server.missingKey).toBe(3)
  })

  test('an unknown key is 401 with -32051', async () => {
    const reply = await rpc(`${harness.server.url}/regtest/0123456789abcdef0123456789abcdef`, 'eth_chainId')
    expect(reply.status).toBe(401)
    expect(reply.json.error).toEqual({ code: -32051, message: 'invalid API key: no app has this key' })
  })
})

describe('allow list', () => {
  test('an origin outside the list is 403 with -32052, one on it is served and echoed', async () => {
    await change(() =>
      changeAllowList(harness.dataDir, 'dev', { origins: ['https://app.example', 'https://*.dapp.test'] }),
    )
    const outside = await rpc(harness.url(), 'eth_chainId', [], { origin: 'https://evil.example' })
    expect(outside.status).toBe(403)
    expect(outside.json.error.code).toBe(-32052)
    expect(outside.json.error.message).toMatch(/^origin not allowed/)

    const exact = await rpc(harness.url(), 'eth_chainId', [], { origin: 'https://app.example' })
    expect(exact.status).toBe(200)
    expect(exact.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(exact.headers.vary).toBe('Origin')

    const wildcard = await rpc(harness.url(), 'eth_chainId', [], { origin: 'https://staging.dapp.test' })
    expect(wildcard.status).toBe(200)
    const bareDomain = await rpc(harness.url(), 'eth_chainId', [], { origin: 'https://dapp.test' })
    expect(bareDomain.status).toBe(403)
  })

  test('with an origin list, a request without an Origin header is refused', async () => {
    await change(() => changeAllowList(harness.dataDir, 'dev', { origins: ['https://app.example'] }))
    const reply = await rpc(harness.url(), 'eth_chainId')
    expect(reply.status).toBe(403)
    expect(reply.json.error.code).toBe(-32052)
  })

  test('a preflight from an origin outside the list is refused, one on it allowed', async () => {
    await change(() => changeAllowList(harness.dataDir, 'dev', { origins: ['https://app.example'] }))
    const preflight = (origin: string) =>
      send(harness.url(), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
    const refused = await preflight('https://evil.example')
    expect(refused.status).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const allowed = await preflight('https://app.example')
    expect(allowed.status).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example')
  })

  test('an IP outside the list is 403 with -32053; a matching CIDR range is served', async () => {
    await change(() => changeAllowList(harness.dataDir, 'dev', { ips: ['10.0.0.0/8'] }))
    const outside = await rpc(harness.url(), 'eth_chainId')
    expect(outside.status).toBe(403)
    expect(outside.json.error).toMatchObject({ code: -32053 })
    await change(() => changeAllowList(harness.dataDir, 'dev', { ips: ['127.0.0.0/8'] }))
    expect((await rpc(harness.url(), 'eth_chainId')).status).toBe(200)
  })

  test('refusals are counted on the app', async () => {
    await change(() => changeAllowList(harness.dataDir, 'dev', { ips: ['10.0.0.1'] }))
    await rpc(harness.url(), 'eth_chainId')
    expect(harness.server.metrics.report(devApp().id).rejections).toEqual({ ip: 1 })
  })
})

describe('JWT', () => {
  async function addKey(name: string) {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
    const pem = await exportSPKI(publicKey)
    await change(() => addJwtKey(harness.dataDir, 'dev', { name, publicKeyPem: pem }))
    return privateKey
  }

  const sign = (key: CryptoKey, { kid, exp }: { kid?: string; exp?: number }) => {
    const jwt = new SignJWT({ sub: 'test' }).setProtectedHeader({ alg: 'ES256', ...(kid ? { kid } : {}) })
    if (exp !== undefined) jwt.setExpirationTime(exp)
    return jwt.sign(key)
  }
  const seconds = () => Math.floor(clock.now() / 1000)

  test('without a token the app answers 401 with -32054', async () => {
    await addKey('k1')
    const reply = await rpc(harness.url(), 'eth_chainId')
    expect(reply.status).toBe(401)
    expect(reply.json.error.code).toBe(-32054)
    expect(reply.json.error.message).toMatch(/^JWT required/)
  })

  test('a valid token is served, by kid or by trying each key', async () => {
    await addKey('other')
    const key = await addKey('k1')
    const withKid = await sign(key, { kid: 'k1', exp: seconds() + 60 })
    const withoutKid = await sign(key, { exp: seconds() + 60 })
    for (const token of [withKid, withoutKid]) {
      const reply = await rpc(harness.url(), 'eth_chainId', [], { authorization: `Bearer ${token}` })
      expect(reply.status).toBe(200)
      expect(reply.json.result).toBe('0x21')
    }
  })

  test('a token signed by another key, expired, or without exp is 401 with -32055', async () => {
    const key = await addKey('k1')
    const stranger = (await generateKeyPair('ES256')).privateKey
    const tokens = [
      await sign(stranger, { exp: seconds() + 60 }),
      await sign(key, { exp: seconds() - 1 }),
      await sign(key, {}),
      'not.a.jwt',
    ]
    for (const token of tokens) {
      const reply = await rpc(harness.url(), 'eth_chainId', [], { authorization: `Bearer ${token}` })
      expect(reply.status).toBe(401)
      expect(reply.json.error.code).toBe(-32055)
    }
  })

  test('a cached token stops working once it expires', async () => {
    const key = await addKey('k1')
    const token = await sign(key, { exp: seconds() + 60 })
    const headers = { authorization: `Bearer ${token}` }
    expect((await rpc(harness.url(), 'eth_chainId', [], headers)).status).toBe(200)
    clock.advance(61_000)
    const reply = await rpc(harness.url(), 'eth_chainId', [], headers)
    expect(reply.status).toBe(401)
    expect(reply.json.error.code).toBe(-32055)
  })

  test('an RSA key is taken as RS256 and its tokens are served', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
    const app = await addJwtKey(harness.dataDir, 'dev', {
      name: 'rsa',
      publicKeyPem: await exportSPKI(publicKey),
    })
    await harness.server.refreshApps()
    expect(app.jwtKeys[0]!.algorithm).toBe('RS256')
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime(seconds() + 60)
      .sign(privateKey)
    expect((await rpc(harness.url(), 'eth_chainId', [], { authorization: `Bearer ${token}` })).status).toBe(
      200,
    )
  })
})

describe('quota', () => {
  test('over the daily quota is 429 with -32005 naming the daily limit, and a new day resets it', async () => {
    await change(() => setQuota(harness.dataDir, 'dev', { daily: 3 }))
    for (let i = 0; i < 3; i++) expect((await rpc(harness.url(), 'eth_chainId')).status).toBe(200)
    const refused = await rpc(harness.url(), 'eth_chainId')
    expect(refused.status).toBe(429)
    expect(refused.json.error).toEqual({
      code: -32005,
      message: 'daily request quota exceeded',
      data: { limit: 3, resetsAt: '2026-11-23T00:00:00.000Z' },
    })
    expect(refused.headers['retry-after']).toBe(String(12 * 3600))
    clock.advance(12 * 3600 * 1000)
    expect((await rpc(harness.url(), 'eth_chainId')).status).toBe(200)
  })

  test('over the monthly quota is 429 with -32005 naming the monthly limit', async () => {
    await change(() => setQuota(harness.dataDir, 'dev', { daily: 100, monthly: 4 }))
    for (let i = 0; i < 2; i++) expect((await rpc(harness.url(), 'eth_chainId')).status).toBe(200)
    clock.advance(24 * 3600 * 1000)
    for (let i = 0; i < 2; i++) expect((await rpc(harness.url(), 'eth_chainId')).status).toBe(200)
    const refused = await rpc(harness.url(), 'eth_chainId')
    expect(refused.status).toBe(429)
    expect(refused.json.error.message).toBe('monthly request quota exceeded')
    expect(refused.json.error.data.resetsAt).toBe('2026-12-01T00:00:00.000Z')
  })

  test('each call of a batch counts, and a batch that would cross the quota is refused whole', async () => {
    await change(() => setQuota(harness.dataDir, 'dev', { daily: 5 }))
    const batch = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })),
      )
    expect((await send(harness.url(), { body: batch(4) })).status).toBe(200)
    expect((await send(harness.url(), { body: batch(2) })).status).toBe(429)
    expect((await send(harness.url(), { body: batch(1) })).status).toBe(200)
    expect(harness.server.metrics.report(devApp().id).usage.dayCount).toBe(5)
  })
})
