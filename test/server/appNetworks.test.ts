import { readFile, writeFile } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { appsFilePath, changeApp, createApp, loadApps } from '../../src/server/apps/appStore.js'
import { isChainChangingMethod } from '../../src/server/apps/chainMethods.js'
import { rpc, send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer

beforeEach(async () => {
  harness = await startTestServer()
})

afterEach(async () => {
  await harness.stop()
})

async function newApp(networks: string[], chainMethods?: boolean) {
  const app = await createApp(harness.dataDir, { name: 'scoped', useCase: 'defi', networks, chainMethods })
  await harness.server.refreshApps()
  return app
}

describe('networks activated per app', () => {
  test('an app is served on its networks and refused on the others with 403, -32058 and its list', async () => {
    const app = await newApp(['testnet', 'mainnet'])
    expect(app.networks).toEqual(['mainnet', 'testnet'])
    const served = await rpc(harness.server.rpcUrl(app.apiKey, 'testnet'), 'eth_chainId')
    expect(served.json.result).toBe('0x1f')
    const refused = await rpc(harness.server.rpcUrl(app.apiKey, 'regtest'), 'eth_chainId')
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32058,
        message: 'network not activated for this app: it has mainnet, testnet (asked: regtest)',
        data: { network: 'regtest', networks: ['mainnet', 'testnet'] },
      },
    })
    // The provider path form is refused the same way, and the refusal is counted on the app.
    const v2 = await rpc(`${harness.server.url}/regtest/v2/${app.apiKey}`, 'eth_chainId')
    expect(v2.status).toBe(403)
    const metrics = harness.server.metrics.report(app.id)
    expect(metrics.rejections.network).toBe(2)
  })

  test('activating a network later serves it at once', async () => {
    const app = await newApp(['mainnet'])
    expect((await rpc(harness.server.rpcUrl(app.apiKey, 'regtest'), 'eth_chainId')).status).toBe(403)
    await changeApp(harness.dataDir, app.id, { networks: ['mainnet', 'regtest'] })
    await harness.server.refreshApps()
    expect((await rpc(harness.server.rpcUrl(app.apiKey, 'regtest'), 'eth_chainId')).json.result).toBe('0x21')
  })

  test('unknown or no networks are refused when creating', async () => {
    await expect(
      createApp(harness.dataDir, { name: 'a', useCase: 'defi', networks: ['ropsten'] }),
    ).rejects.toThrow(/unknown network "ropsten": one of mainnet, testnet, regtest/)
    await expect(createApp(harness.dataDir, { name: 'a', useCase: 'defi', networks: [] })).rejects.toThrow(
      /at least one network/,
    )
  })

  test('the dev app has all three networks, and apps stored before networks existed keep all three', async () => {
    expect(harness.server.createdDevApp!.networks).toEqual(['mainnet', 'testnet', 'regtest'])
    // An apps.json of the previous version: no networks, no chainMethods.
    const file = JSON.parse(await readFile(appsFilePath(harness.dataDir), 'utf8'))
    for (const app of file.apps) {
      delete app.networks
      delete app.chainMethods
    }
    await writeFile(appsFilePath(harness.dataDir), JSON.stringify(file))
    await harness.restart()
    const [dev] = await loadApps(harness.dataDir)
    expect(dev).toMatchObject({ networks: ['mainnet', 'testnet', 'regtest'], chainMethods: true })
    for (const network of ['mainnet', 'testnet', 'regtest'] as const) {
      expect((await rpc(harness.url(network), 'eth_chainId')).status).toBe(200)
    }
    expect((await rpc(harness.url(), 'evm_mine')).json.result).toBe('0x0')
  })
})

describe('the chain-changing methods switch', () => {
  test('classifies the namespaces and mining control', () => {
    for (const method of [
      'evm_mine',
      'anvil_setBalance',
      'hardhat_mine',
      'personal_unlockAccount',
      'eth_submitWork',
    ])
      expect(isChainChangingMethod(method)).toBe(true)
    for (const method of ['eth_call', 'eth_sendRawTransaction', 'eth_getBlockByNumber', 'mnr_getWork'])
      expect(isChainChangingMethod(method)).toBe(false)
  })

  test('off: a chain-changing call is a JSON-RPC error naming the setting, reads still work', async () => {
    const app = await newApp(['regtest'], false)
    const url = harness.server.rpcUrl(app.apiKey, 'regtest')
    const refused = await rpc(url, 'evm_mine')
    expect(refused.status).toBe(403)
    expect(refused.json.id).toBe(1)
    expect(refused.json.error.code).toBe(-32059)
    expect(refused.json.error.message).toMatch(/^evm_mine: this method changes the shared chain/)
    expect(refused.json.error.message).toContain('"chainMethods" setting is off')
    expect(refused.json.error.data).toEqual({ method: 'evm_mine', setting: 'chainMethods' })
    expect((await rpc(url, 'eth_blockNumber')).json.result).toBe('0x0')
    // The refused call never reached the node: the chain did not move.
    const metrics = harness.server.metrics.report(app.id).networks.regtest!
    expect(metrics.errorCodes).toEqual({ '-32059': 1 })
    expect(metrics.methods.evm_mine).toBe(1)
  })

  test('off: in a batch only the chain-changing calls are refused', async () => {
    const app = await newApp(['regtest'], false)
    const body = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'anvil_mine', params: [] },
      { jsonrpc: '2.0', method: 'evm_mine', params: [] },
    ])
    const reply = await send(harness.server.rpcUrl(app.apiKey, 'regtest'), { body })
    expect(reply.status).toBe(200)
    expect(reply.json).toHaveLength(2)
    expect(reply.json[0]).toEqual({ jsonrpc: '2.0', id: 1, result: '0x21' })
    expect(reply.json[1]).toMatchObject({ id: 2, error: { code: -32059, data: { method: 'anvil_mine' } } })
    expect((await rpc(harness.server.rpcUrl(app.apiKey, 'regtest'), 'eth_blockNumber')).json.result).toBe(
      '0x0',
    )
  })

  test('on again: the methods are served', async () => {
    const app = await newApp(['regtest'], false)
    await changeApp(harness.dataDir, app.id, { chainMethods: true })
    await harness.server.refreshApps()
    const url = harness.server.rpcUrl(app.apiKey, 'regtest')
    expect((await rpc(url, 'evm_mine')).json.result).toBe('0x0')
    expect((await rpc(url, 'eth_blockNumber')).json.result).toBe('0x1')
  })
})
