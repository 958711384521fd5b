import { describe, expect, test } from 'vitest'
import type { Address } from '../core/util/hex.js'
import { GasEstimateFailedError } from './errors.js'
import { fillTransaction } from './transactions.js'

const from = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' as Address
const to = '0x7986b3df570230288501eea3d890bd66948c9b79' as Address

/** A node answering what filling asks, counting each method. */
function fakeNode(latest: { gasLimit: string; minimumGasPrice: string }, estimate = '0x5208') {
  const calls = new Map<string, number>()
  const callNode = async (method: string) => {
    calls.set(method, (calls.get(method) ?? 0) + 1)
    if (method === 'eth_getTransactionCount') return '0x7'
    if (method === 'eth_estimateGas') return estimate
    if (method === 'eth_gasPrice') return '0x3b9aca00'
    if (method === 'eth_getBlockByNumber') return latest
    throw new Error(`unexpected ${method}`)
  }
  return { calls, callNode }
}

describe('fillTransaction', () => {
  test('reads the latest block once for both the gas cap and the minimum gas price', async () => {
    const { calls, callNode } = fakeNode({ gasLimit: '0x67c280', minimumGasPrice: '0x77359400' })
    const filled = await fillTransaction({ from, to, value: 1n, data: new Uint8Array(0) }, 33, callNode)
    expect(filled).toMatchObject({ nonce: 7n, gas: 21_000n, gasPrice: 2_000_000_000n, chainId: 33 })
    expect(calls.get('eth_getBlockByNumber')).toBe(1)
  })

  test('keeps the node’s gas price when it is above the block’s minimum', async () => {
    const { callNode } = fakeNode({ gasLimit: '0x67c280', minimumGasPrice: '0x1' })
    const filled = await fillTransaction({ from, to, value: 1n, data: new Uint8Array(0) }, 33, callNode)
    expect(filled.gasPrice).toBe(1_000_000_000n)
  })

  test('refuses an estimate that reaches the block’s gas limit, below the cap', async () => {
    const { callNode } = fakeNode({ gasLimit: '0x5208', minimumGasPrice: '0x0' })
    await expect(
      fillTransaction({ from, to, value: 1n, data: new Uint8Array(0) }, 33, callNode),
    ).rejects.toBeInstanceOf(GasEstimateFailedError)
  })

  test('reads no block when gas and gas price are given', async () => {
    const { calls, callNode } = fakeNode({ gasLimit: '0x67c280', minimumGasPrice: '0x0' })
    await fillTransaction(
      { from, to, value: 1n, data: new Uint8Array(0), gas: 30_000n, gasPrice: 5n },
      33,
      callNode,
    )
    expect(calls.get('eth_getBlockByNumber')).toBeUndefined()
  })
})
