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
  // One more than the cap (1,000,000) is refused before anything is mined.
  expect((await rpc(url, 'anvil_mine', ['0xf4241'])).json.error.code).toBe(-32602)
  expect((await rpc(url, 'eth_blockNumber')).json.result).toBe('0x7d0')
}, 120_000)

test('a client that disconnects stops a long anvil_mine: the blocks mined so far stay, and the chain mines on', async () => {
  harness = await startTestServer({ nodeFactory: coreNodeFactory() })
  const url = harness.url('regtest')
  const client = new AbortController()
  const mining = fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0xf4240'] }),
    signal: client.signal,
  }).catch((error: unknown) => error)
  let seen = 0n
  while (seen < 1024n) seen = BigInt((await rpc(url, 'eth_blockNumber')).json.result)
  client.abort()
  expect(await mining).toBeInstanceOf(Error)
  // The run ends after the batch it is in: two reads a moment apart then agree.
  let before = -1n
  let after = BigInt((await rpc(url, 'eth_blockNumber')).json.result)
  while (after !== before) {
    before = after
    await new Promise((resolve) => setTimeout(resolve, 300))
    after = BigInt((await rpc(url, 'eth_blockNumber')).json.result)
  }
  expect(after < 1_000_000n).toBe(true)
  expect((await rpc(url, 'evm_mine')).json.result).toBeNull()
  expect(BigInt((await rpc(url, 'eth_blockNumber')).json.result)).toBe(after + 1n)
}, 120_000)
