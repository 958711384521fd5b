/**
 * A node forked from another (in process, through a counting transport): reads equal the
 * upstream's at the fork block, writes stay local, the chain continues from the upstream's fork
 * block, and nothing is fetched twice.
 */
import { decodeFunctionResult, encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import {
  bob,
  countingTransport,
  exerciser,
  holder,
  populateUpstream,
  type Rpc,
  receiptOf,
  regtestFork,
  regtestNode,
  SLOTS,
  sendAsCow,
  token,
  tokenBalance,
  unclosable,
} from './forkHarness.js'

const CHAIN_ID = 33
const URL_WITH_KEY = 'https://upstream.example/regtest/s3cr3t-api-key'

let upstream: DevNode
let up: Rpc
let tokenAddress: Address
let exerciserAddress: Address
let forkBlock: bigint

beforeAll(async () => {
  ;({ node: upstream, rpc: up } = await regtestNode())
  ;({ tokenAddress, exerciserAddress } = await populateUpstream(up, CHAIN_ID))
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  // Mined past the fork block: the fork must not see these.
  const later = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1000n] })
  await sendAsCow(up, CHAIN_ID, { to: tokenAddress, data: hexToBytes(later), gasLimit: 200_000n })
})

async function openFork(
  storage: KeyValueStore = createMemoryStore(),
  available: () => DevNode | undefined = () => upstream,
) {
  return regtestFork(available, { url: URL_WITH_KEY, blockNumber: forkBlock }, storage)
}

async function slotValue(rpc: Rpc, key: bigint, block = 'latest') {
  const data = encodeFunctionData({ abi: exerciser.abi, functionName: 'get', args: [key] })
  const result = await rpc.call<`0x${string}`>('eth_call', [{ to: exerciserAddress, data }, block])
  return decodeFunctionResult({ abi: exerciser.abi, functionName: 'get', data: result }) as bigint
}

describe('a forked node', () => {
  test('reads equal the upstream at the fork block, and the chain continues from it', async () => {
    const { rpc } = await openFork()
    const at = `0x${forkBlock.toString(16)}`
    expect(await rpc.call('eth_blockNumber')).toBe(at)
    for (const address of [holder, bob, tokenAddress, exerciserAddress]) {
      for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'])
        expect(await rpc.call(method, [address, 'latest'])).toBe(await up.call(method, [address, at]))
    }
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(await tokenBalance(up, tokenAddress, bob, at))
    for (let key = 1n; key <= BigInt(SLOTS); key++) expect(await slotValue(rpc, key)).toBe(key * 7n)

    const upstreamForkBlock = await up.call<Record<string, string>>('eth_getBlockByNumber', [at, false])
    const ours = await rpc.call<Record<string, string>>('eth_getBlockByNumber', [at, false])
    expect(ours.hash).toBe(upstreamForkBlock.hash)
    await rpc.call('evm_mine')
    const next = await rpc.call<Record<string, string>>('eth_getBlockByNumber', ['latest', false])
    expect(BigInt(next.number!)).toBe(forkBlock + 1n)
    expect(next.parentHash).toBe(upstreamForkBlock.hash)
    expect(BigInt(next.totalDifficulty!)).toBe(
      BigInt(upstreamForkBlock.totalDifficulty!) + BigInt(next.difficulty!),
    )
  })

  test('a transfer on the fork changes only the fork, and a snapshot revert brings the fork back', async () => {
    const { rpc } = await openFork()
    const snapshot = await rpc.call('evm_snapshot')
    const data = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 20n] })
    const hash = await sendAsCow(rpc, CHAIN_ID, {
      to: tokenAddress,
      data: hexToBytes(data),
      gasLimit: 200_000n,
    })
    expect((await receiptOf(rpc, hash)).status).toBe('0x1')
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(25n)
    expect(await tokenBalance(up, tokenAddress, bob)).toBe(1005n)
    // A slot written to zero on the fork hides the upstream's value.
    const clear = encodeFunctionData({ abi: exerciser.abi, functionName: 'clear', args: [3n] })
    await sendAsCow(rpc, CHAIN_ID, { to: exerciserAddress, data: hexToBytes(clear), gasLimit: 200_000n })
    expect(await slotValue(rpc, 3n)).toBe(0n)
    expect(await slotValue(up, 3n)).toBe(21n)
    expect(await rpc.call('evm_revert', [snapshot])).toBe(true)
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(5n)
    expect(await slotValue(rpc, 3n)).toBe(21n)
  })

  test('an impersonated holder moves its tokens with dev methods on forked state', async () => {
    const { rpc } = await openFork()
    await rpc.call('anvil_impersonateAccount', [holder])
    await rpc.call('anvil_setBalance', [holder, '0x56bc75e2d63100000'])
    const data = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 70n] })
    const hash = await rpc.call<string>('eth_sendTransaction', [
      { from: holder, to: tokenAddress, data, gas: '0x30d40' },
    ])
    expect((await receiptOf(rpc, hash)).status).toBe('0x1')
    expect(await tokenBalance(rpc, tokenAddress, bob)).toBe(75n)
    expect(await rpc.call('eth_getBalance', [holder, 'latest'])).not.toBe(
      await up.call('eth_getBalance', [holder, 'latest']),
    )
  })

  test('nothing is fetched twice, and reads are batched', async () => {
    const { rpc, counts } = await openFork()
    await tokenBalance(rpc, tokenAddress, bob)
    const afterFirst = counts.requests
    await tokenBalance(rpc, tokenAddress, bob)
    await rpc.call('eth_getBalance', [tokenAddress, 'latest'])
    expect(counts.requests).toBe(afterFirst)
    // The account's balance, nonce and code travel in one batch.
    expect(counts.methods.get('eth_getBalance')).toBe(counts.methods.get('eth_getCode'))
    expect(counts.batches).toBeLessThan(counts.requests)
  })

  test('a restart with the upstream gone answers what was touched and names what was not', async () => {
    const storage = createMemoryStore()
    const first = await openFork(storage)
    expect(await tokenBalance(first.rpc, tokenAddress, bob)).toBe(5n)
    const touchedBalance = await first.rpc.call('eth_getBalance', [holder, 'latest'])
    // The memory store survives the node here as a disk would (the node closes only its own handle).
    const again = await openFork(unclosable(storage), () => undefined)
    expect(await tokenBalance(again.rpc, tokenAddress, bob)).toBe(5n)
    expect(await again.rpc.call('eth_getBalance', [holder, 'latest'])).toBe(touchedBalance)
    const untouched = await again.rpc.rpc('eth_getBalance', [
      '0x00000000000000000000000000000000000000c1',
      'latest',
    ])
    expect(untouched.error?.code).toBe(-32000)
    expect(untouched.error?.message).toContain('https://upstream.example/regtest/***')
    expect(untouched.error?.message).toContain('0x00000000000000000000000000000000000000c1')
    expect(untouched.error?.message).not.toContain('s3cr3t')
  })

  test('an upstream serving another chain is refused', async () => {
    const { transport } = countingTransport(() => upstream)
    await expect(
      createNode({
        network: 'testnet',
        storage: createMemoryStore(),
        fork: { url: URL_WITH_KEY, transport },
      }),
    ).rejects.toThrow(/serves chain id 33 but this network is chain id 31/)
  })
})
