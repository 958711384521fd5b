/**
 * Requests that used to break a chain (the value was accepted, then every later block failed, or the
 * node crashed on the parameter itself). Each is refused with -32602 naming the parameter and its
 * range before anything changes, and the chain still mines a block and a transaction afterwards.
 */
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { REMASC_ADDRESS } from '../../../src/core/network/networks.js'
import { createDevChain, type RpcResponse } from './devChain.js'

const to = `0x${'ab'.repeat(20)}` as const
const FF64 = `0x${'f'.repeat(64)}`
const FF40 = `0x${'f'.repeat(40)}`

type Chain = Awaited<ReturnType<typeof createDevChain>>

async function expectStillMines(chain: Chain) {
  const before = BigInt(await chain.call<string>('eth_blockNumber'))
  expect(await chain.call('evm_mine')).toBeNull()
  const hash = await chain.send({ to, value: 1n })
  const receipt = await chain.call<{ status: string; blockNumber: string }>('eth_getTransactionReceipt', [
    hash,
  ])
  expect(receipt.status).toBe('0x1')
  expect(BigInt(receipt.blockNumber)).toBe(before + 2n)
}

function expectInvalidParams(response: RpcResponse, ...words: string[]) {
  expect(response.error?.code, JSON.stringify(response)).toBe(-32602)
  for (const word of words) expect(response.error?.message).toContain(word)
}

describe('time parameters are held to the range a block timestamp can take', () => {
  test('evm_increaseTime by 2^256-1 seconds is refused, and the chain keeps mining', async () => {
    const chain = await createDevChain()
    expectInvalidParams(await chain.rpc('evm_increaseTime', [FF64]), 'seconds', 'at most')
    expectInvalidParams(await chain.rpc('evm_increaseTime', [`0x${'f'.repeat(20)}`]), 'seconds')
    expect(await chain.call('evm_increaseTime', ['0x3c'])).toBe('0x3c')
    await expectStillMines(chain)
  })

  test('anvil_setTime with a 160-bit value is refused; a valid one answers a QUANTITY', async () => {
    const chain = await createDevChain()
    expectInvalidParams(await chain.rpc('anvil_setTime', [FF40]), 'timestamp', 'at most')
    const answer = await chain.call('anvil_setTime', [1_800_000_000])
    expect(answer).toMatch(/^0x(0|[1-9a-f][0-9a-f]*)$/)
    await expectStillMines(chain)
  })

  test('anvil_setNextBlockTimestamp with 2^64 and evm_mine with a 160-bit timestamp are refused', async () => {
    const chain = await createDevChain()
    expectInvalidParams(await chain.rpc('anvil_setNextBlockTimestamp', ['0x10000000000000000']), 'timestamp')
    expectInvalidParams(await chain.rpc('evm_setNextBlockTimestamp', ['18446744073709551616']), 'timestamp')
    expectInvalidParams(await chain.rpc('evm_mine', [FF40]), 'timestamp', 'at most')
    await expectStillMines(chain)
  })

  test('the largest accepted timestamp still leaves room for the blocks after it', async () => {
    const chain = await createDevChain()
    const max = 2n ** 53n - 1n
    expectInvalidParams(await chain.rpc('evm_mine', [`0x${(max + 1n).toString(16)}`]), 'timestamp')
    expect(await chain.call('evm_mine', [`0x${max.toString(16)}`])).toBeNull()
    await expectStillMines(chain)
  })
})

describe('block counts, gas prices', () => {
  test('anvil_mine with 2^64-1 blocks is refused at once, naming the cap', async () => {
    const chain = await createDevChain()
    expectInvalidParams(await chain.rpc('anvil_mine', ['0xffffffffffffffff']), 'blocks', 'at most')
    expectInvalidParams(await chain.rpc('hardhat_mine', ['0x1', FF64]), 'intervalSeconds')
    expect(await chain.call('eth_blockNumber')).toBe('0x0')
    await expectStillMines(chain)
  })

  test('anvil_setMinGasPrice with a 256-bit value is refused; eth_gasPrice stays a sane quantity', async () => {
    const chain = await createDevChain()
    const before = await chain.call('eth_gasPrice')
    expectInvalidParams(await chain.rpc('anvil_setMinGasPrice', [FF64]), 'minGasPrice', 'at most')
    await chain.call('evm_mine')
    expect(await chain.call('eth_gasPrice')).toBe(before)
    await expectStillMines(chain)
  })
})

describe('object parameters with their own members', () => {
  const hostile = { toString: 1, valueOf: 2 }
  const blockHash = `0x${'00'.repeat(32)}`
  test.each([
    ['eth_getTransactionByBlockNumberAndIndex', ['latest', hostile]],
    ['eth_getTransactionByBlockHashAndIndex', [blockHash, hostile]],
    ['eth_getUncleByBlockNumberAndIndex', ['latest', hostile]],
    ['eth_getUncleByBlockHashAndIndex', [blockHash, hostile]],
    ['sco_banAddress', [hostile]],
    ['sco_unbanAddress', [hostile]],
  ])('%s answers -32602', async (method, params) => {
    const chain = await createDevChain()
    const response = await chain.rpc(method, params)
    expect(response.error?.code, JSON.stringify(response)).toBe(-32602)
  })
})

describe('debug trace options of the wrong type', () => {
  test('a tracerConfig that is not an object, or an unknown tracer, is -32602 naming it', async () => {
    const chain = await createDevChain()
    const hash = await chain.send({ to, value: 1n })
    const block = await chain.call<{ hash: string }>('eth_getBlockByNumber', ['latest', false])
    expectInvalidParams(
      await chain.rpc('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: 5 }]),
      'tracerConfig',
    )
    expectInvalidParams(
      await chain.rpc('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: 5 }]),
    )
    expectInvalidParams(
      await chain.rpc('debug_traceBlockByHash', [block.hash, { tracerConfig: [] }]),
      'tracerConfig',
    )
    expectInvalidParams(await chain.rpc('debug_traceBlockByHash', [block.hash, { tracer: { toString: 1 } }]))
    await expectStillMines(chain)
  })
})

describe('gas and wei arithmetic is exact', () => {
  const limits = [2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 0x7effffffffffffffn, 2n ** 63n - 1n]
  test.each(limits.map((l) => [l]))(
    'a transaction with gas limit %s pays exactly gasUsed × gasPrice, all of it to REMASC',
    async (gasLimit) => {
      const chain = await createDevChain()
      expect(await chain.call('anvil_setBlockGasLimit', [`0x${(2n ** 63n - 1n).toString(16)}`])).toBe(true)
      await chain.call('evm_mine')
      const sender = COW_ACCOUNTS[0]!.address
      const balance = async (who: string, tag = 'latest') =>
        BigInt(await chain.call<string>('eth_getBalance', [who, tag]))
      const senderBefore = await balance(sender)
      const remascBefore = await balance(REMASC_ADDRESS)
      const hash = await chain.send({ to, value: 5n, gasLimit, gasPrice: 1n })
      const receipt = await chain.call<{ gasUsed: string; status: string; effectiveGasPrice?: string }>(
        'eth_getTransactionReceipt',
        [hash],
      )
      const tx = await chain.call<{ gasPrice: string }>('eth_getTransactionByHash', [hash])
      expect(receipt.status).toBe('0x1')
      const fee = BigInt(receipt.gasUsed) * BigInt(tx.gasPrice)
      expect(BigInt(receipt.gasUsed)).toBe(21000n)
      expect(senderBefore - (await balance(sender))).toBe(fee + 5n)
      expect((await balance(REMASC_ADDRESS)) - remascBefore).toBe(fee)
    },
  )
})
