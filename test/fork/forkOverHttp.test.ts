/**
 * Forking over HTTP with no internet: the upstream is a second instance of our own server (its
 * own port and data directory, an API key as the last path segment of its address).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { startTestServer, type TestServer } from '../server/helpers.js'
import {
  bob,
  holder,
  populateUpstream,
  type Rpc,
  receiptOf,
  sendAsCow,
  token,
  tokenBalance,
} from './forkHarness.js'
import { httpRpc } from './httpRpc.js'

const TESTNET = 31

let upstream: TestServer
let up: Rpc
let tokenAddress: Address
let forkBlock: bigint
const closeAfter: Array<() => Promise<unknown>> = []

beforeAll(async () => {
  upstream = await startTestServer({ nodeFactory: coreNodeFactory() })
  up = httpRpc(upstream.url('testnet'))
  ;({ tokenAddress } = await populateUpstream(up, TESTNET))
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  const later = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1000n] })
  await sendAsCow(up, TESTNET, { to: tokenAddress, data: hexToBytes(later), gasLimit: 200_000n })
}, 120_000)

afterAll(async () => {
  for (const close of closeAfter.reverse()) await close()
  await upstream?.stop()
})

async function forkServer(blockNumber: bigint | undefined = forkBlock) {
  const fork = await startTestServer({
    nodeFactory: coreNodeFactory({ forks: { testnet: { url: upstream.url('testnet'), blockNumber } } }),
    openChainsAtStart: false,
  })
  closeAfter.push(() => fork.stop())
  return fork
}

/** An upstream that answers every request with `status`, or never when `status` is 0. */
async function brokenUpstream(status: number): Promise<{ url: string; hits: () => number }> {
  let hits = 0
  const server: Server = createServer((_request, response) => {
    hits++
    if (status !== 0) response.writeHead(status).end('slow down')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closeAfter.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/testnet/secret-key`,
    hits: () => hits,
  }
}

describe('a fork of our own server over HTTP', () => {
  test('reads at the fork block, local transfers, the upstream hashes, and the node info', async () => {
    const fork = await forkServer()
    const rpc = httpRpc(fork.url('testnet'))
    const at = `0x${forkBlock.toString(16)}`
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    expect(await rpc.call('eth_getBalance', [holder, 'latest'])).toBe(
      await up.call('eth_getBalance', [holder, at]),
    )
    const data = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 20n] })
    const hash = await sendAsCow(rpc, TESTNET, {
      to: tokenAddress,
      data: hexToBytes(data),
      gasLimit: 200_000n,
    })
    expect((await receiptOf(rpc, hash)).status).toBe('0x1')
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(25n)
    expect(await tokenBalance(up, tokenAddress, bob)).toBe(1005n)
    const upstreamBlock = await up.call<Record<string, string>>('eth_getBlockByNumber', [at, false])
    const mined = await rpc.call<Record<string, string>>('eth_getBlockByNumber', [
      `0x${(forkBlock + 1n).toString(16)}`,
      false,
    ])
    expect(mined.parentHash).toBe(upstreamBlock.hash)
    const info = await rpc.call<{ forkConfig: Record<string, unknown> }>('anvil_nodeInfo')
    expect(info.forkConfig).toEqual({
      forkUrl: upstream.url('testnet').replace(/[^/]+$/, '***'),
      forkBlockNumber: Number(forkBlock),
      forkBlockHash: upstreamBlock.hash,
      forkChainId: TESTNET,
    })
  })

  test('a restart with the upstream stopped answers what was touched and names what was not', async () => {
    const fork = await forkServer()
    const rpc = httpRpc(fork.url('testnet'))
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    const upstreamUrl = upstream.url('testnet')
    await upstream.server.close()
    try {
      await fork.restart()
      const again = httpRpc(fork.url('testnet'))
      expect(await tokenBalance(again, tokenAddress, bob)).toBe(5n)
      const untouched = await again.rpc('eth_getBalance', [
        '0x00000000000000000000000000000000000000c1',
        'latest',
      ])
      expect(untouched.error?.code).toBe(-32000)
      expect(untouched.error?.message).toContain(upstreamUrl.replace(/[^/]+$/, '***'))
      expect(untouched.error?.message).toContain(
        'eth_getBalance("0x00000000000000000000000000000000000000c1"',
      )
      expect(untouched.error?.message).not.toContain(upstreamUrl.split('/').pop())
    } finally {
      await upstream.restart()
      // Restarted on a new port: later tests read it at its new address.
      up = httpRpc(upstream.url('testnet'))
    }
  }, 60_000)

  test('the history below the fork block survives a restart with the upstream stopped', async () => {
    const fork = await forkServer()
    const rpc = httpRpc(fork.url('testnet'))
    const below = `0x${(forkBlock - 1n).toString(16)}`
    const logFilter = { address: tokenAddress, fromBlock: '0x0', toBlock: 'latest' }
    const upstreamLogs = await up.call<Array<{ transactionHash: string }>>('eth_getLogs', [
      { ...logFilter, toBlock: `0x${forkBlock.toString(16)}` },
    ])
    const data = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 9n] })
    await sendAsCow(rpc, TESTNET, { to: tokenAddress, data: hexToBytes(data), gasLimit: 200_000n })
    const reads: Array<[string, unknown[]]> = [
      ['eth_getBlockByNumber', [below, true]],
      ['eth_getTransactionReceipt', [upstreamLogs[0]!.transactionHash]],
      ['eth_getLogs', [logFilter]],
    ]
    const before = []
    for (const [method, params] of reads) before.push(await rpc.call(method, params))
    expect(before[0]).toEqual(await up.call('eth_getBlockByNumber', [below, true]))
    expect(before[1]).toEqual(await up.call('eth_getTransactionReceipt', [upstreamLogs[0]!.transactionHash]))
    expect((before[2] as unknown[]).slice(0, upstreamLogs.length)).toEqual(upstreamLogs)
    expect(before[2]).toHaveLength(upstreamLogs.length + 1)
    await upstream.server.close()
    try {
      await fork.restart()
      const again = httpRpc(fork.url('testnet'))
      for (const [i, [method, params]] of reads.entries())
        expect(await again.call(method, params)).toEqual(before[i])
      const untouched = await again.rpc('eth_getBlockByNumber', ['0x1', false])
      expect(untouched.error?.code).toBe(-32000)
      expect(untouched.error?.message).toContain('could not provide eth_getBlockByNumber("0x1", true)')
    } finally {
      await upstream.restart()
      // Restarted on a new port: later tests read it at its new address.
      up = httpRpc(upstream.url('testnet'))
    }
  }, 60_000)

  test('an upstream answering 429, or not at all, is retried and then reported clearly', async () => {
    const limited = await brokenUpstream(429)
    const refused = createNode({
      network: 'testnet',
      storage: createMemoryStore(),
      fork: { url: limited.url, retries: 2 },
    })
    await expect(refused).rejects.toThrow(
      /^fork upstream http:\/\/127\.0\.0\.1:\d+\/testnet\/\*\*\* could not provide eth_chainId\(\): HTTP 429 \(after 3 attempts\)$/,
    )
    expect(limited.hits()).toBe(3)
    const hanging = await brokenUpstream(0)
    await expect(
      createNode({
        network: 'testnet',
        storage: createMemoryStore(),
        fork: { url: hanging.url, retries: 1, timeoutMs: 200 },
      }),
    ).rejects.toThrow(/could not provide eth_chainId\(\): no answer within 200 ms \(after 2 attempts\)$/)
    expect(hanging.hits()).toBe(2)
  }, 30_000)

  test('an upstream of another chain is refused', async () => {
    await expect(
      createNode({
        network: 'mainnet',
        storage: createMemoryStore(),
        fork: { url: upstream.url('testnet') },
      }),
    ).rejects.toThrow(/serves chain id 31 but this network is chain id 30/)
  })
})

describe('anvil_reset with forking', () => {
  test('turns a local chain into a fork, and back into a local chain without a URL', async () => {
    const node = await createNode({ network: 'testnet', storage: createMemoryStore() })
    const { call } = rpcOfNode(node)
    expect(await call('eth_getCode', [tokenAddress, 'latest'])).toBe('0x')
    const upstreamUrl = upstream.url('testnet')
    expect(
      await call('hardhat_reset', [{ forking: { jsonRpcUrl: upstreamUrl, blockNumber: Number(forkBlock) } }]),
    ).toBe(true)
    expect(await call('eth_blockNumber')).toBe(`0x${forkBlock.toString(16)}`)
    expect(await tokenBalance(rpcOfNode(node), tokenAddress, bob)).toBe(5n)
    // A plain read of an account not fetched yet waits for the upstream (the node was not
    // created as a fork: its handlers must still fall through to the fork the reset made).
    expect(await call('eth_getBalance', [holder, 'latest'])).toBe(
      await httpRpc(upstreamUrl).call('eth_getBalance', [holder, `0x${forkBlock.toString(16)}`]),
    )
    const metadata = await call<{ forkedNetwork: { forkBlockNumber: number } }>('anvil_metadata')
    expect(metadata.forkedNetwork.forkBlockNumber).toBe(Number(forkBlock))
    expect(await call('anvil_reset')).toBeNull()
    expect(await call('eth_blockNumber')).toBe('0x0')
    expect(await call('eth_getCode', [tokenAddress, 'latest'])).toBe('0x')
    expect((await call<{ forkConfig: object }>('anvil_nodeInfo')).forkConfig).toEqual({})
    await node.close()
  })
})

function rpcOfNode(node: { request(body: unknown): Promise<unknown> }): Rpc {
  let id = 0
  const rpc = async (method: string, params: unknown[] = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as Awaited<ReturnType<Rpc['rpc']>>
  const call = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const r = await rpc(method, params)
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`)
    return r.result as T
  }
  return { rpc, call }
}
