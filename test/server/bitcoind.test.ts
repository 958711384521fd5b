/**
 * The bitcoind door over HTTP: `/<network>/<API_KEY>/bitcoin` answers the simulated Bitcoin chain's
 * JSON-RPC as Bitcoin Core's HTTP server does (statuses, 1.0 and 2.0, batches), with the API key,
 * allow list and chain-method checks of the RSK address, and HTTP Basic credentials accepted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { changeAllowList, changeApp } from '../../src/server/apps/appStore.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer
const basic = `Basic ${Buffer.from('user:pass').toString('base64')}`

beforeAll(async () => {
  harness = await startTestServer({ nodeFactory: coreNodeFactory() })
})

afterAll(async () => {
  await harness.stop()
})

const bitcoinUrl = (network: 'regtest' | 'testnet' = 'regtest') => `${harness.url(network)}/bitcoin`
const call = (body: unknown, headers: Record<string, string> = { authorization: basic }) =>
  send(bitcoinUrl(), { headers, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('bitcoind over HTTP', () => {
  test('answers 1.0 with error null, 2.0 without, batches, and Basic auth is accepted', async () => {
    const legacy = await call({ jsonrpc: '1.0', id: 'curl', method: 'getblockchaininfo', params: [] })
    expect(legacy.status).toBe(200)
    expect(legacy.json).toMatchObject({ result: { chain: 'regtest', blocks: 0 }, error: null, id: 'curl' })
    const v2 = await call({ jsonrpc: '2.0', id: 1, method: 'getblockcount' }, {})
    expect(v2.json).toEqual({ jsonrpc: '2.0', result: 0, id: 1 })
    const batch = await call([
      { id: 1, method: 'getblockcount' },
      { id: 2, method: 'getbestblockhash' },
    ])
    expect(batch.status).toBe(200)
    expect(batch.json).toHaveLength(2)
    const testnet = await send(bitcoinUrl('testnet'), {
      body: JSON.stringify({ id: 1, method: 'getblockchaininfo' }),
    })
    expect(testnet.json.result.chain).toBe('test')
  })

  test("Bitcoin Core's statuses: 404 unknown method, 500 other 1.0 errors, 200 for 2.0, 204 notifications", async () => {
    const missing = await call({ id: 1, method: 'nope' })
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({
      result: null,
      error: { code: -32601, message: 'Method not found' },
      id: 1,
    })
    const bad = await call({ id: 2, method: 'getblockhash', params: [99] })
    expect(bad.status).toBe(500)
    expect(bad.json.error).toEqual({ code: -8, message: 'Block height out of range' })
    expect((await call({ jsonrpc: '2.0', id: 3, method: 'getblockhash', params: [99] })).status).toBe(200)
    expect((await call({ jsonrpc: '2.0', method: 'getblockcount' })).status).toBe(204)
    const unparsable = await call('{')
    expect(unparsable.status).toBe(500)
    expect(unparsable.json.error.code).toBe(-32700)
  })

  test('mines and proves over HTTP', async () => {
    const address = (await call({ id: 1, method: 'getnewaddress', params: ['', 'legacy'] })).json.result
    const txid = (await call({ id: 2, method: 'sendtoaddress', params: [address, 0.5] })).json.result
    const hashes = (await call({ id: 3, method: 'generatetoaddress', params: [1, address] })).json.result
    expect(hashes).toHaveLength(1)
    const proof = (await call({ id: 4, method: 'gettxoutproof', params: [[txid]] })).json.result
    expect((await call({ id: 5, method: 'verifytxoutproof', params: [proof] })).json.result).toEqual([txid])
  })

  test('same key and allow-list checks as the RSK address; chain methods off refuses mining and the wallet', async () => {
    const unknown = await send(`${harness.server.url}/regtest/0123456789abcdef0123456789abcdef/bitcoin`, {
      body: JSON.stringify({ id: 1, method: 'getblockcount' }),
    })
    expect(unknown.status).toBe(401)
    expect(unknown.json.error.code).toBe(-32051)
    expect((await send(`${harness.url()}/bitcoin/extra`, { body: '{}' })).status).toBe(404)

    await changeAllowList(harness.dataDir, 'dev', { origins: ['https://app.example'] })
    await harness.server.refreshApps()
    const outside = await send(bitcoinUrl(), {
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ id: 1, method: 'getblockcount' }),
    })
    expect(outside.status).toBe(403)
    await changeAllowList(harness.dataDir, 'dev', { clear: true })

    await changeApp(harness.dataDir, 'dev', { chainMethods: false })
    await harness.server.refreshApps()
    const refused = await call({ id: 7, method: 'generatetoaddress', params: [1, 'x'] })
    expect(refused.json).toMatchObject({ result: null, id: 7, error: { data: { setting: 'chainMethods' } } })
    expect((await call({ id: 8, method: 'getblockcount' })).json).toMatchObject({ error: null })
  })
})
