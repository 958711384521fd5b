import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../../src/server/apps/appStore.js'
import { rpc, send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

describe('restart on the same data directory', () => {
  test('keeps each network chain, the apps and the metrics', async () => {
    harness = await startTestServer()
    const dev = harness.server.createdDevApp!
    const shop = await createApp(harness.dataDir, { name: 'shop', useCase: 'defi' })
    await harness.server.refreshApps()
    await rpc(harness.url('regtest'), 'evm_mine')
    await rpc(harness.url('regtest'), 'evm_mine')
    await rpc(harness.url('testnet'), 'evm_mine')
    await rpc(harness.server.rpcUrl(shop.apiKey, 'mainnet'), 'eth_nope')

    await harness.restart()

    expect((await rpc(harness.url('regtest'), 'eth_blockNumber')).json.result).toBe('0x2')
    expect((await rpc(harness.url('testnet'), 'eth_blockNumber')).json.result).toBe('0x1')
    expect((await rpc(harness.url('mainnet'), 'eth_blockNumber')).json.result).toBe('0x0')
    expect((await rpc(harness.server.rpcUrl(shop.apiKey, 'mainnet'), 'eth_chainId')).status).toBe(200)

    const devReport = harness.server.metrics.report(dev.id)
    // Three evm_mine before the restart, three eth_blockNumber after.
    expect(devReport.networks.regtest).toMatchObject({ total: 3, success: 3 })
    expect(devReport.networks.regtest?.methods).toEqual({ evm_mine: 2, eth_blockNumber: 1 })
    expect(devReport.networks.regtest?.latency.count).toBe(3)
    const shopReport = harness.server.metrics.report(shop.id)
    expect(shopReport.networks.mainnet).toMatchObject({ total: 2, success: 1, errors: 1 })
  })

  test('metrics are written on close, not per request', async () => {
    harness = await startTestServer({ metricsFlushMs: 60_000 })
    await rpc(harness.url(), 'eth_chainId')
    await expect(readFile(join(harness.dataDir, 'metrics.json'), 'utf8')).rejects.toThrow(/ENOENT/)
    await harness.server.close()
    const saved = JSON.parse(await readFile(join(harness.dataDir, 'metrics.json'), 'utf8'))
    expect(saved.apps[harness.server.createdDevApp!.id].networks.regtest.total).toBe(1)
  })

  test('metrics are flushed periodically while running', async () => {
    harness = await startTestServer({ metricsFlushMs: 50 })
    await rpc(harness.url(), 'eth_chainId')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const saved = JSON.parse(await readFile(join(harness.dataDir, 'metrics.json'), 'utf8'))
    expect(saved.apps[harness.server.createdDevApp!.id].networks.regtest.total).toBe(1)
  })
})

describe('admin endpoint', () => {
  test('serves every app with its metrics as JSON, without API keys', async () => {
    harness = await startTestServer()
    await rpc(harness.url('testnet'), 'eth_chainId')
    await rpc(`${harness.server.url}/testnet/unknownkey`, 'eth_chainId')
    const reply = await send(`${harness.server.url}/admin/metrics`, { method: 'GET' })
    expect(reply.status).toBe(200)
    expect(reply.json.server).toEqual({ missingKey: 0, unknownKey: 1, uncleanStops: 0 })
    const [app] = reply.json.apps
    expect(app.name).toBe('dev')
    expect(app.apiKey).toBeUndefined()
    expect(reply.text).not.toContain(harness.server.createdDevApp!.apiKey)
    expect(app.metrics.networks.testnet).toMatchObject({
      total: 1,
      success: 1,
      successRate: 1,
      methods: { eth_chainId: 1 },
    })
    expect(app.metrics.networks.testnet.latency.p50Ms).toBeGreaterThan(0)

    const one = await send(`${harness.server.url}/admin/apps/dev`, { method: 'GET' })
    expect(one.json.metrics.networks.testnet.total).toBe(1)
    expect((await send(`${harness.server.url}/admin/apps/nope`, { method: 'GET' })).status).toBe(404)
  })
})
