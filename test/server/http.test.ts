import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc, send, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer

beforeAll(async () => {
  harness = await startTestServer({ bodyLimit: 10_000 })
})

afterAll(async () => {
  await harness.stop()
})

describe('routes', () => {
  test('each network answers on /<network>/<key> with its own chain id', async () => {
    const ids = await Promise.all(
      (['mainnet', 'testnet', 'regtest'] as const).map(
        async (network) => (await rpc(harness.url(network), 'eth_chainId')).json,
      ),
    )
    expect(ids.map((reply) => reply.result)).toEqual(['0x1e', '0x1f', '0x21'])
  })

  test('the provider form /<network>/v2/<key> answers too', async () => {
    const url = harness.url('testnet').replace('/testnet/', '/testnet/v2/')
    const reply = await rpc(url, 'eth_chainId')
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1f' })
  })

  test('an unknown network is 404 with a JSON-RPC error naming the valid ones', async () => {
    const reply = await rpc(harness.url().replace('/regtest/', '/ropsten/'), 'eth_chainId')
    expect(reply.status).toBe(404)
    expect(reply.json.error.code).toBe(-32056)
    expect(reply.json.error.message).toMatch(/mainnet.*testnet.*regtest/)
  })
})

describe('HTTP behaviour as RSKj', () => {
  test('answers carry Content-Type application/json and end with a newline', async () => {
    const reply = await rpc(harness.url(), 'eth_chainId')
    expect(reply.headers['content-type']).toBe('application/json')
    expect(reply.text.endsWith('}\n')).toBe(true)
  })

  test('answers carry no Date header, as RSKj answers do not', async () => {
    const reply = await rpc(harness.url(), 'eth_chainId')
    expect(reply.status).toBe(200)
    expect(reply.headers.date).toBeUndefined()
  })

  test('malformed JSON is 400 with -32700 and id null', async () => {
    const reply = await send(harness.url(), { body: '{"jsonrpc":"2.0",' })
    expect(reply.status).toBe(400)
    expect(reply.json).toMatchObject({ id: null, error: { code: -32700 } })
  })

  test('an invalid request object is 400 with -32600', async () => {
    const reply = await send(harness.url(), { body: '{"jsonrpc":"2.0","id":3}' })
    expect(reply.status).toBe(400)
    expect(reply.json.error.code).toBe(-32600)
  })

  test('invalid params are 400 with -32602', async () => {
    const reply = await rpc(harness.url(), 'web3_sha3', [42])
    expect(reply.status).toBe(400)
    expect(reply.json.error.code).toBe(-32602)
  })

  test('other errors (unknown method) stay HTTP 200', async () => {
    const reply = await rpc(harness.url(), 'eth_nope')
    expect(reply.status).toBe(200)
    expect(reply.json.error.code).toBe(-32601)
  })

  test('a batch answers each element, errors included, with HTTP 200', async () => {
    const body = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'web3_sha3', params: [1] },
      { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
    ])
    const reply = await send(harness.url('testnet'), { body })
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x1f' },
      { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'invalid argument 0' } },
    ])
  })

  test('a batch of 50 is served and a batch of 51 is refused with RSKj text, before the node', async () => {
    const batch = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })),
      )
    const ok = await send(harness.url(), { body: batch(50) })
    expect(ok.status).toBe(200)
    expect(ok.json).toHaveLength(50)
    const refused = await send(harness.url(), { body: batch(51) })
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      error: {
        code: -32600,
        message: 'Cannot dispatch batch requests. 50 is the max number of supported batch requests',
      },
    })
  })

  test('a notification gets 200 and an empty body', async () => {
    const reply = await send(harness.url(), { body: '{"jsonrpc":"2.0","method":"eth_chainId","params":[]}' })
    expect(reply.status).toBe(200)
    expect(reply.text).toBe('')
  })

  test('GET, PUT and DELETE get 501 with an empty body and the node does no work', async () => {
    const before =
      harness.server.metrics.report(harness.server.createdDevApp!.id).networks.regtest?.total ?? 0
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await send(harness.url(), { method, body: method === 'GET' ? undefined : '{}' })
      expect(reply.status).toBe(501)
      expect(reply.text).toBe('')
    }
    const after = harness.server.metrics.report(harness.server.createdDevApp!.id).networks.regtest?.total ?? 0
    expect(after).toBe(before)
  })

  test('a body over the limit is 413 by Content-Length, before it is read', async () => {
    const reply = await send(harness.url(), { body: `{"pad":"${'x'.repeat(20_000)}"}` })
    expect(reply.status).toBe(413)
    expect(reply.json.error).toMatchObject({
      code: -32600,
      message: 'request body too large',
      data: { limit: 10_000 },
    })
  })

  test('a chunked body that grows past the limit is cut off with 413', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(harness.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      })
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      request.on('error', reject)
      for (let i = 0; i < 20; i++) request.write('x'.repeat(1000))
      request.end()
    })
    expect(status).toBe(413)
  })

  test('connections are kept alive between requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          harness.url(),
          { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
          (response) => {
            sockets.add(response.socket)
            expect(response.headers.connection).toBe('keep-alive')
            response.resume()
            response.on('end', resolve)
          },
        )
        request.on('error', reject)
        request.end('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}')
      })
    }
    agent.destroy()
    expect(sockets.size).toBe(1)
  })
})

describe('CORS for an app without an origin allow list', () => {
  test('a preflight is answered 204 with any origin allowed', async () => {
    const reply = await send(harness.url(), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(reply.status).toBe(204)
    expect(reply.headers['access-control-allow-origin']).toBe('*')
    expect(reply.headers['access-control-allow-methods']).toBe('POST, OPTIONS')
    expect(reply.headers['access-control-allow-headers']).toBe('content-type')
  })

  test('a POST from a page carries Access-Control-Allow-Origin', async () => {
    const reply = await rpc(harness.url(), 'eth_chainId', [], { origin: 'http://localhost:5173' })
    expect(reply.headers['access-control-allow-origin']).toBe('*')
  })
})
