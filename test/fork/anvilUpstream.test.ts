/**
 * The fork suite against an upstream this project did not write: Anvil (`--chain-id 31`), an
 * Ethereum-shaped node without Rootstock's block fields and with its own error texts. State,
 * history, logs, the dev accounts' nonce, traces (the same call tree) and a restart with Anvil
 * gone.
 */
import { createServer } from 'node:http'
import { decodeFunctionResult, encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import type { ForkOptions } from '../../src/core/fork/openFork.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import { getArtifact } from '../fixtures/contracts/index.js'
import { type AnvilUpstream, startAnvil } from './anvilUpstream.js'
import {
  bob,
  exerciser,
  expectDev0KeepsUpstreamNonce,
  holder,
  populateUpstream,
  type Rpc,
  receiptOf,
  rpcOf,
  SLOTS,
  sendAsCow,
  token,
  tokenBalance,
  unclosable,
  useDev0Upstream,
} from './forkHarness.js'

const TESTNET = 31

let anvil: AnvilUpstream
let up: Rpc
let tokenAddress: Address
let exerciserAddress: Address
let forkBlock: bigint
let nestedHash: string
const opened: DevNode[] = []

beforeAll(async () => {
  anvil = await startAnvil(TESTNET)
  up = anvil.rpc
  await up.call('anvil_setBalance', [holder, `0x${(10n ** 24n).toString(16)}`])
  ;({ tokenAddress, exerciserAddress } = await populateUpstream(up, TESTNET))
  // A transaction with a nested frame: a factory deploying a child by CREATE2.
  const factory = getArtifact('Create2Factory')
  const deployed = await receiptOf(
    up,
    await sendAsCow(up, TESTNET, { data: hexToBytes(factory.bytecode), gasLimit: 3_000_000n }),
  )
  const deployChild = encodeFunctionData({
    abi: factory.abi,
    functionName: 'deployChild',
    args: [`0x${'11'.repeat(32)}`, 7n],
  })
  nestedHash = await sendAsCow(up, TESTNET, {
    to: deployed.contractAddress as Address,
    data: hexToBytes(deployChild),
    gasLimit: 1_000_000n,
  })
  expect((await receiptOf(up, nestedHash)).status).toBe('0x1')
  await useDev0Upstream(up, TESTNET)
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  // Mined past the fork block: the fork must not see it.
  const later = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1000n] })
  await sendAsCow(up, TESTNET, { to: tokenAddress, data: hexToBytes(later), gasLimit: 200_000n })
}, 120_000)

afterAll(async () => {
  for (const node of opened) await node.close().catch(() => {})
  await anvil?.stop()
})

async function openFork(
  storage: KeyValueStore = createMemoryStore(),
  fork: ForkOptions = { url: anvil.url, blockNumber: forkBlock, retries: 1 },
) {
  const node = await createNode({ network: 'testnet', storage, clock: createManualClock(), fork })
  opened.push(node)
  return { node, rpc: rpcOf((body) => node.request(body)) }
}

const LOG_FIELDS = [
  'logIndex',
  'blockNumber',
  'blockHash',
  'transactionHash',
  'transactionIndex',
  'address',
  'data',
  'topics',
]
const at = () => `0x${forkBlock.toString(16)}`

/** A call frame without its gas (Rootstock's schedule differs from Ethereum's) and output quirks. */
interface Frame {
  type: string
  from: string
  to?: string
  value?: string
  input: string
  output?: string
  calls?: Frame[]
}
function shape(frame: Frame): unknown {
  return {
    type: frame.type === 'CREATE2' ? 'CREATE' : frame.type,
    from: frame.from,
    // RSKj's callTracer gives a created contract's address as a CREATE frame's output.
    to: frame.type.startsWith('CREATE') ? (frame.to ?? frame.output) : frame.to,
    value: BigInt(frame.value ?? '0x0'),
    input: frame.input,
    calls: (frame.calls ?? []).map(shape),
  }
}

describe('Anvil as the upstream', () => {
  test('state at the fork block equals Anvil’s, and the dev accounts keep their nonce', async () => {
    const { rpc } = await openFork()
    expect(await rpc.call('eth_blockNumber')).toBe(at())
    for (const address of [holder, bob, tokenAddress, exerciserAddress])
      for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'])
        expect(await rpc.call(method, [address, 'latest']), `${method} ${address}`).toBe(
          await up.call(method, [address, at()]),
        )
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    for (let key = 1n; key <= BigInt(SLOTS); key += 7n) {
      const data = encodeFunctionData({ abi: exerciser.abi, functionName: 'get', args: [key] })
      const result = await rpc.call<`0x${string}`>('eth_call', [{ to: exerciserAddress, data }, 'latest'])
      expect(decodeFunctionResult({ abi: exerciser.abi, functionName: 'get', data: result })).toBe(key * 7n)
    }
    await expectDev0KeepsUpstreamNonce(rpc, TESTNET)
    // A transfer on the fork stays local.
    const transfer = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 2n] })
    await sendAsCow(rpc, TESTNET, { to: tokenAddress, data: hexToBytes(transfer), gasLimit: 200_000n })
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(7n)
  })

  test('history: blocks, transactions and receipts are Anvil’s; its missing Rootstock fields answer as Rootstock does', async () => {
    const { rpc } = await openFork()
    for (const n of [1n, forkBlock - 1n, forkBlock]) {
      const tag = `0x${n.toString(16)}`
      const ours = await rpc.call<Record<string, unknown>>('eth_getBlockByNumber', [tag, true])
      const theirs = await up.call<Record<string, unknown>>('eth_getBlockByNumber', [tag, true])
      for (const field of ['number', 'hash', 'parentHash', 'stateRoot', 'timestamp', 'gasUsed', 'miner'])
        expect(ours[field], `${field} of ${n}`).toBe(theirs[field])
      expect((ours.transactions as Array<{ hash: string }>).map((t) => t.hash)).toEqual(
        (theirs.transactions as Array<{ hash: string }>).map((t) => t.hash),
      )
      // Rootstock's fields Anvil does not have.
      expect(ours).toMatchObject({ paidFees: '0x0', bitcoinMergedMiningHeader: '0x', minimumGasPrice: '0x0' })
      for (const tx of theirs.transactions as Array<Record<string, string>>) {
        const mined = await rpc.call<Record<string, string>>('eth_getTransactionByHash', [tx.hash])
        for (const field of ['hash', 'from', 'to', 'nonce', 'value', 'input', 'gas', 'blockHash'])
          expect(mined[field], field).toBe(tx[field])
        const receipt = await rpc.call<Record<string, unknown>>('eth_getTransactionReceipt', [tx.hash])
        const upstreamReceipt = await up.call<Record<string, unknown>>('eth_getTransactionReceipt', [tx.hash])
        for (const field of ['status', 'gasUsed', 'contractAddress'])
          expect(receipt[field], field).toEqual(upstreamReceipt[field])
        // RSKj's log fields (Anvil adds `removed` and `blockTimestamp`).
        const logFields = (logs: unknown) =>
          (logs as Array<Record<string, unknown>>).map((l) => LOG_FIELDS.map((f) => l[f]))
        expect(logFields(receipt.logs)).toEqual(logFields(upstreamReceipt.logs))
      }
    }
  })

  test('logs up to the fork block are Anvil’s', async () => {
    const { rpc } = await openFork()
    const filter = { fromBlock: '0x0', toBlock: at(), address: tokenAddress }
    const ours = await rpc.call<Array<Record<string, unknown>>>('eth_getLogs', [filter])
    const theirs = await up.call<Array<Record<string, unknown>>>('eth_getLogs', [filter])
    expect(ours.length).toBeGreaterThan(0)
    const fields = (l: Record<string, unknown>) => [
      l.address,
      l.topics,
      l.data,
      l.blockNumber,
      l.transactionHash,
      l.logIndex,
    ]
    expect(ours.map(fields)).toEqual(theirs.map(fields))
  })

  test('an upstream transaction traces with Anvil’s call tree; gas follows Rootstock’s schedule', async () => {
    const { rpc } = await openFork()
    const block = await up.call<{ transactions: string[] }>('eth_getBlockByNumber', [
      `0x${(forkBlock - 9n).toString(16)}`,
      false,
    ])
    const last = await up.call<{ transactions: string[] }>('eth_getBlockByNumber', [
      `0x${(forkBlock - 10n).toString(16)}`,
      false,
    ])
    const nested = await rpc.call<Frame>('debug_traceTransaction', [nestedHash, { tracer: 'callTracer' }])
    // RSKj's callTracer names a CREATE2 frame CREATE.
    expect(nested.calls?.[0]?.type).toBe('CREATE')
    for (const hash of [nestedHash, ...block.transactions, ...last.transactions]) {
      const ours = await rpc.call<Frame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }])
      const theirs = await up.call<Frame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }])
      expect(shape(ours)).toEqual(shape(theirs))
      const parity = await rpc.call<unknown[]>('trace_transaction', [hash])
      expect(parity.length).toBeGreaterThan(0)
    }
  })

  test('eth_call and eth_estimateGas below the fork block; a revert there is a revert here', async () => {
    const { rpc } = await openFork()
    const below = `0x${(forkBlock - 1n).toString(16)}`
    expect(await tokenBalance(rpc, tokenAddress, bob, below)).toBe(
      await tokenBalance(up, tokenAddress, bob, below),
    )
    const transfer = encodeFunctionData({
      abi: token.abi,
      functionName: 'transfer',
      args: [holder, 10n ** 30n],
    })
    const reverted = await rpc.rpc('eth_call', [{ from: bob, to: tokenAddress, data: transfer }, below])
    expect(reverted.error?.code).toBe(-32015)
    const ok = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1n] })
    const estimate = await rpc.call<string>('eth_estimateGas', [
      { from: holder, to: tokenAddress, data: ok },
      below,
    ])
    expect(BigInt(estimate)).toBeGreaterThan(21_000n)
  })

  test('behind a proxy that refuses batches and rate-limits: single requests, retried', async () => {
    let batchesRefused = 0
    let limited = 0
    let singles = 0
    const proxy = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) body += chunk
      const parsed = JSON.parse(body) as unknown
      response.setHeader('content-type', 'application/json')
      if (Array.isArray(parsed)) {
        batchesRefused++
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'batch requests are not supported' },
          }),
        )
        return
      }
      // Every fifth request is rate-limited, the way hosted services answer.
      if (++singles % 5 === 0) {
        limited++
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: (parsed as { id: number }).id,
            error: { code: 429, message: 'Too Many Requests' },
          }),
        )
        return
      }
      const upstream = await fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.end(await upstream.text())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    try {
      const port = (proxy.address() as { port: number }).port
      const { rpc } = await openFork(createMemoryStore(), {
        url: `http://127.0.0.1:${port}/`,
        blockNumber: forkBlock,
      })
      expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
      const nested = await rpc.call<Frame>('debug_traceTransaction', [nestedHash, { tracer: 'callTracer' }])
      expect(shape(nested)).toEqual(
        shape(await up.call<Frame>('debug_traceTransaction', [nestedHash, { tracer: 'callTracer' }])),
      )
      expect(batchesRefused).toBeGreaterThan(0)
      expect(limited).toBeGreaterThan(0)
    } finally {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })

  test('a restart with Anvil gone answers what was touched', async () => {
    const storage = createMemoryStore()
    const first = await openFork(storage)
    const balance = await tokenBalance(first.rpc, tokenAddress, bob)
    const block = await first.rpc.call('eth_getBlockByNumber', [at(), false])
    const logs = await first.rpc.call('eth_getLogs', [
      { fromBlock: '0x0', toBlock: at(), address: tokenAddress },
    ])
    await anvil.stop()
    const again = await openFork(unclosable(storage))
    expect(await tokenBalance(again.rpc, tokenAddress, bob)).toBe(balance)
    expect(await again.rpc.call('eth_getBlockByNumber', [at(), false])).toEqual(block)
    expect(
      await again.rpc.call('eth_getLogs', [{ fromBlock: '0x0', toBlock: at(), address: tokenAddress }]),
    ).toEqual(logs)
    const untouched = await again.rpc.rpc('eth_getBalance', [
      '0x00000000000000000000000000000000000000e1',
      'latest',
    ])
    expect(untouched.error?.message).toMatch(
      /^fork upstream http:\/\/127\.0\.0\.1:\d+\/ could not provide eth_getBalance/,
    )
  })
})
