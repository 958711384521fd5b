/**
 * The dev accounts on a fork keep the upstream's nonce and code at the fork block; only their
 * balance is set. Dev account #0 sent 9 transactions upstream: on the fork its nonce is 9, a raw
 * creation signed with nonce 9 is mined and lands where the upstream would put it — on a new
 * fork, after `anvil_reset` with `forking`, after `evm_reset`, and after a restart on the same
 * store; in process and over HTTP (the extension's worker: workerFork.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DevNode } from '../../src/core/createNode.js'
import { connectFork } from '../../src/core/fork/openFork.js'
import { resetChain } from '../../src/core/node/engine/control.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { startTestServer, type TestServer } from '../server/helpers.js'
import {
  countingTransport,
  DEV0_UPSTREAM_NONCE,
  dev0,
  expectDev0KeepsUpstreamNonce,
  type Rpc,
  regtestFork,
  regtestNode,
  unclosable,
  useDev0Upstream,
} from './forkHarness.js'
import { httpRpc } from './httpRpc.js'

const REGTEST = 33
const TESTNET = 31

describe('in process', () => {
  let upstream: DevNode
  let up: Rpc
  let forkBlock: bigint

  beforeAll(async () => {
    ;({ node: upstream, rpc: up } = await regtestNode())
    await useDev0Upstream(up, REGTEST)
    forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  })

  async function fork(
    storage: KeyValueStore = createMemoryStore(),
    available = () => upstream as DevNode | undefined,
  ) {
    return regtestFork(
      available,
      { url: 'https://upstream.example/regtest/key', blockNumber: forkBlock },
      storage,
    )
  }

  test('a new fork', async () => {
    expect(await up.call('eth_getTransactionCount', [dev0.address, 'latest'])).toBe(
      `0x${DEV0_UPSTREAM_NONCE.toString(16)}`,
    )
    const { rpc } = await fork()
    await expectDev0KeepsUpstreamNonce(rpc, REGTEST)
  })

  test('evm_reset on the fork, and a restart on the same store with the upstream gone', async () => {
    const storage = createMemoryStore()
    const first = await fork(storage)
    await expectDev0KeepsUpstreamNonce(first.rpc, REGTEST)
    await first.rpc.call('evm_reset')
    await expectDev0KeepsUpstreamNonce(first.rpc, REGTEST)
    await first.rpc.call('evm_reset')
    // The memory store survives the node here as a disk would.
    const second = await fork(unclosable(storage), () => undefined)
    await expectDev0KeepsUpstreamNonce(second.rpc, REGTEST)
  })

  test('anvil_reset with forking on a local node', async () => {
    const { node, rpc } = await regtestNode()
    expect(await rpc.call('eth_getTransactionCount', [dev0.address, 'latest'])).toBe('0x0')
    const { transport } = countingTransport(() => upstream)
    const connection = await connectFork(
      { url: 'https://upstream.example/regtest/key', blockNumber: forkBlock, transport },
      node.network,
    )
    await resetChain(node.engine, connection)
    await expectDev0KeepsUpstreamNonce(rpc, REGTEST)
  })
})

describe('over HTTP', () => {
  let upstream: TestServer
  let forkBlock: bigint
  const closeAfter: Array<() => Promise<unknown>> = []

  beforeAll(async () => {
    upstream = await startTestServer({ nodeFactory: coreNodeFactory() })
    const up = httpRpc(upstream.url('testnet'))
    await useDev0Upstream(up, TESTNET)
    forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  }, 120_000)

  afterAll(async () => {
    for (const close of closeAfter.reverse()) await close()
    await upstream?.stop()
  })

  test('a server started with --fork', async () => {
    const fork = await startTestServer({
      nodeFactory: coreNodeFactory({
        forks: { testnet: { url: upstream.url('testnet'), blockNumber: forkBlock } },
      }),
      openChainsAtStart: false,
    })
    closeAfter.push(() => fork.stop())
    await expectDev0KeepsUpstreamNonce(httpRpc(fork.url('testnet')), TESTNET)
  }, 60_000)

  test('anvil_reset with forking on a local server', async () => {
    const local = await startTestServer({ nodeFactory: coreNodeFactory() })
    closeAfter.push(() => local.stop())
    const rpc = httpRpc(local.url('testnet'))
    await rpc.call('anvil_reset', [
      { forking: { jsonRpcUrl: upstream.url('testnet'), blockNumber: Number(forkBlock) } },
    ])
    await expectDev0KeepsUpstreamNonce(rpc, TESTNET)
  }, 60_000)
})
