import { afterEach, expect, test, vi } from 'vitest'
import type { NodeFactory } from '../../src/server/node/nodeHost.js'
import { fakeNode } from './fakeNode.js'
import { rpc, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
  vi.restoreAllMocks()
})

test('a node that fails answers 500 with a JSON-RPC -32603 body, and the server keeps serving', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const factory: NodeFactory = ({ network, storage }) => {
    if (network === 'mainnet') throw new Error('disk on fire')
    const node = fakeNode(network, storage)
    return {
      request: (payload: unknown) => {
        if ((payload as { method?: string }).method === 'boom') throw new Error('bug')
        return node.request(payload)
      },
      close: () => node.close(),
    }
  }
  harness = await startTestServer({ nodeFactory: factory })
  for (const [network, method] of [
    ['mainnet', 'eth_chainId'],
    ['regtest', 'boom'],
  ] as const) {
    const reply = await rpc(harness.url(network), method)
    expect(reply.status).toBe(500)
    expect(reply.headers['content-type']).toBe('application/json')
    expect(reply.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Internal server error' },
    })
  }
  expect((await rpc(harness.url('regtest'), 'eth_chainId')).json.result).toBe('0x21')
})
