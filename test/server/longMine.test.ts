/**
 * Mining many blocks in one request does not hold the server: it mines in chunks and lets the
 * event loop serve other requests between them.
 */
import { afterEach, expect, test } from 'vitest'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { rpc, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

test('eth_blockNumber is answered while anvil_mine of 2,000 blocks is still mining', async () => {
  harness = await startTestServer({ nodeFactory: coreNodeFactory() })
  const url = harness.url('regtest')
  let mined = false
  const mining = rpc(url, 'anvil_mine', ['0x7d0']).then((reply) => {
    mined = true
    return reply
  })
  // Wait until the run has started, then ask while it goes on.
  let seen = 0n
  while (seen === 0n && !mined) seen = BigInt((await rpc(url, 'eth_blockNumber')).json.result)
  const during = BigInt((await rpc(url, 'eth_blockNumber')).json.result)
  expect(mined).toBe(false)
  expect(during > 0n && during < 2000n).toBe(true)
  expect((await mining).json).toEqual({ jsonrpc: '2.0', id: 1, result: null })
  expect((await rpc(url, 'eth_blockNumber')).json.result).toBe('0x7d0')
  expect((await rpc(url, 'anvil_mine', ['0x2711'])).json.error.code).toBe(-32602)
}, 120_000)
