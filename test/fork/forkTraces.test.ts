/**
 * Tracing below the fork block: `debug_traceTransaction` (struct and call tracers),
 * `debug_traceBlockByHash`, `trace_transaction` and `trace_block` of the upstream's transactions
 * replay their block on the upstream's state at its parent, and answer exactly what the upstream
 * (this project's node) answers; what the replays fetched is kept, so a restart with the upstream
 * gone traces them again. `eth_estimateGas` at a block below the fork block runs there too.
 */
import { encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { startTestServer, type TestServer } from '../server/helpers.js'
import {
  bob,
  exerciser,
  holder,
  populateUpstream,
  type Rpc,
  receiptOf,
  regtestFork,
  regtestNode,
  sendAsCow,
  token,
  unclosable,
} from './forkHarness.js'
import { httpRpc } from './httpRpc.js'

const CHAIN_ID = 33

let upstream: DevNode
let up: Rpc
let forkBlock: bigint
let tokenAddress: Address
let exerciserAddress: Address
const hashes: string[] = []
const blockHashes: string[] = []

beforeAll(async () => {
  ;({ node: upstream, rpc: up } = await regtestNode())
  ;({ tokenAddress, exerciserAddress } = await populateUpstream(up, CHAIN_ID))
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  for (let n = 1n; n <= forkBlock; n++) {
    const block = await up.call<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [
      `0x${n.toString(16)}`,
      false,
    ])
    blockHashes.push(block.hash)
    hashes.push(...block.transactions)
  }
})

async function openFork(storage: KeyValueStore, available: () => DevNode | undefined = () => upstream) {
  return regtestFork(
    available,
    { url: 'https://upstream.example/regtest/key', blockNumber: forkBlock },
    storage,
  )
}

const TRACES: Array<[string, (hash: string) => unknown[]]> = [
  ['debug_traceTransaction', (h) => [h]],
  ['debug_traceTransaction', (h) => [h, { tracer: 'callTracer' }]],
  ['debug_traceTransaction', (h) => [h, { tracer: 'callTracer', tracerConfig: { withLog: true } }]],
  ['trace_transaction', (h) => [h]],
  // RSKj has no prestateTracer ("Invalid tracer type"), and neither has the node: the same answer.
  ['debug_traceTransaction', (h) => [h, { tracer: 'prestateTracer' }]],
]
const BLOCK_TRACES: Array<[string, (hash: string, n: number) => unknown[]]> = [
  ['debug_traceBlockByHash', (h) => [h]],
  ['debug_traceBlockByHash', (h) => [h, { tracer: 'callTracer' }]],
  ['trace_block', (_h, n) => [`0x${n.toString(16)}`]],
]

/** The answer without its id. */
async function answer(rpc: Rpc, method: string, params: unknown[]) {
  const { result, error } = await rpc.rpc(method, params)
  return { result, error }
}

async function expectSameTraces(rpc: Rpc, upstreamRpc: Rpc = up) {
  const up = upstreamRpc
  for (const hash of hashes)
    for (const [method, params] of TRACES)
      expect(await answer(rpc, method, params(hash)), `${method} ${hash}`).toEqual(
        await answer(up, method, params(hash)),
      )
  for (const [i, hash] of blockHashes.entries())
    for (const [method, params] of BLOCK_TRACES)
      expect(await answer(rpc, method, params(hash, i + 1)), `${method} ${hash}`).toEqual(
        await answer(up, method, params(hash, i + 1)),
      )
}

describe('traces of upstream transactions', () => {
  test('equal the upstream’s own, every tracer, every transaction and block up to the fork block', async () => {
    expect(hashes.length).toBeGreaterThan(40)
    const { rpc } = await openFork(createMemoryStore())
    await expectSameTraces(rpc)
  })

  test('are served from the cache after a restart with the upstream gone', async () => {
    const storage = createMemoryStore()
    const first = await openFork(storage)
    await expectSameTraces(first.rpc)
    const again = await openFork(unclosable(storage), () => undefined)
    await expectSameTraces(again.rpc)
  })

  test('a local transaction still traces on local state, and an unknown one is null', async () => {
    const { rpc } = await openFork(createMemoryStore())
    const transfer = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 3n] })
    const local = await sendAsCow(rpc, CHAIN_ID, {
      to: tokenAddress,
      data: hexToBytes(transfer),
      gasLimit: 200_000n,
    })
    const traced = await rpc.call<Array<{ result: { gasUsed: string } }>>('trace_transaction', [local])
    const receipt = await receiptOf(rpc, local)
    expect(traced[0]?.result.gasUsed).toBe(receipt.gasUsed)
    // trace_filter from the genesis covers this chain's blocks (the upstream's are not scanned).
    const filtered = await rpc.call<Array<{ transactionHash: string }>>('trace_filter', [
      { fromBlock: '0x0' },
    ])
    expect(filtered.map((t) => t.transactionHash)).toContain(local)
    expect(await rpc.call('debug_traceTransaction', [`0x${'12'.repeat(32)}`])).toBeNull()
    expect(await rpc.call('trace_transaction', [`0x${'12'.repeat(32)}`])).toBeNull()
  })
})

describe('execution at a block below the fork block', () => {
  test('eth_estimateGas and eth_call there answer what the upstream answers', async () => {
    const { rpc } = await openFork(createMemoryStore())
    const transfer = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1n] })
    const set = encodeFunctionData({ abi: exerciser.abi, functionName: 'set', args: [3n, 99n] })
    for (const n of [forkBlock - 1n, forkBlock - 10n, forkBlock]) {
      const at = `0x${n.toString(16)}`
      for (const [to, data] of [
        [tokenAddress, transfer],
        [exerciserAddress, set],
      ] as const) {
        const call = { from: holder, to, data }
        expect(await answer(rpc, 'eth_estimateGas', [call, at]), `estimate at ${n}`).toEqual(
          await answer(up, 'eth_estimateGas', [call, at]),
        )
        expect(await answer(rpc, 'eth_call', [call, at])).toEqual(await answer(up, 'eth_call', [call, at]))
      }
    }
  })
})

describe("over HTTP, with this project's server as the upstream", () => {
  let upstreamServer: TestServer
  let forkServer: TestServer

  beforeAll(async () => {
    upstreamServer = await startTestServer({ nodeFactory: coreNodeFactory() })
    const upstreamRpc = httpRpc(upstreamServer.url('testnet'))
    await populateUpstream(upstreamRpc, 31)
    const at = BigInt(await upstreamRpc.call<string>('eth_blockNumber'))
    forkServer = await startTestServer({
      nodeFactory: coreNodeFactory({
        forks: { testnet: { url: upstreamServer.url('testnet'), blockNumber: at } },
      }),
      openChainsAtStart: false,
    })
  }, 120_000)

  afterAll(async () => {
    await forkServer?.stop()
    await upstreamServer?.stop()
  })

  test('debug_traceTransaction (rskTracer, callTracer) and trace_transaction equal the upstream server’s', async () => {
    const upstreamRpc = httpRpc(upstreamServer.url('testnet'))
    const rpc = httpRpc(forkServer.url('testnet'))
    const head = BigInt(await upstreamRpc.call<string>('eth_blockNumber'))
    for (const n of [1n, 2n, head - 1n, head]) {
      const block = await upstreamRpc.call<{ transactions: string[] }>('eth_getBlockByNumber', [
        `0x${n.toString(16)}`,
        false,
      ])
      for (const hash of block.transactions)
        for (const [method, params] of TRACES)
          expect(await answer(rpc, method, params(hash)), `${method} ${hash}`).toEqual(
            await answer(upstreamRpc, method, params(hash)),
          )
    }
  }, 60_000)
})
