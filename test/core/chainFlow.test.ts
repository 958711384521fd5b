import { decodeFunctionResult, encodeDeployData, encodeFunctionData, toFunctionSelector } from 'viem'
import { describe, expect, test } from 'vitest'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import { getArtifact } from '../fixtures/contracts/index.js'
import { createTestChain } from './testChain.js'

const bob = '0x00000000000000000000000000000000000000b0' as Address

describe('chain flow through the RPC surface', () => {
  test('a value transfer is mined into block 1 with a successful receipt and moves the balance', async () => {
    const { call, send } = await createTestChain()
    expect(await call('eth_blockNumber')).toBe('0x0')
    const hash = await send({ to: bob, value: 1234n, gasLimit: 21_000n })
    expect(await call('eth_blockNumber')).toBe('0x1')
    const receipt = (await call('eth_getTransactionReceipt', [hash])) as Record<string, unknown>
    expect(receipt.status).toBe('0x1')
    expect(receipt.gasUsed).toBe('0x5208')
    expect(receipt.blockNumber).toBe('0x1')
    expect(await call('eth_getBalance', [bob, 'latest'])).toBe('0x4d2')
    expect(await call('eth_getBalance', [bob, '0x0'])).toBe('0x0')
    const block = (await call('eth_getBlockByNumber', ['0x1', false])) as Record<string, unknown>
    expect(Object.keys(block)).toEqual([
      'number',
      'hash',
      'parentHash',
      'mixHash',
      'nonce',
      'sha3Uncles',
      'logsBloom',
      'transactionsRoot',
      'stateRoot',
      'receiptsRoot',
      'miner',
      'difficulty',
      'totalDifficulty',
      'extraData',
      'size',
      'gasLimit',
      'gasUsed',
      'timestamp',
      'transactions',
      'uncles',
      'minimumGasPrice',
      'bitcoinMergedMiningHeader',
      'bitcoinMergedMiningCoinbaseTransaction',
      'bitcoinMergedMiningMerkleProof',
      'hashForMergedMining',
      'paidFees',
      'cumulativeDifficulty',
      'rskPteEdges',
      'baseEvent',
    ])
    // The user transaction, then the REMASC transaction that ends every Rootstock block.
    expect(block.transactions).toHaveLength(2)
    expect((block.transactions as string[])[0]).toBe(hash)
    const remasc = (await call('eth_getTransactionByHash', [(block.transactions as string[])[1]])) as Record<
      string,
      unknown
    >
    expect(remasc.to).toBe('0x0000000000000000000000000000000001000008')
    expect(remasc.from).toBe('0x0000000000000000000000000000000000000000')
  })

  test('deploys an ERC-20, transfers, reads balances and logs, and reverts with the reason', async () => {
    const { call, rpc, send } = await createTestChain('testnet')
    const token = getArtifact('TestToken')
    const deployData = encodeDeployData({
      abi: token.abi,
      bytecode: token.bytecode,
      args: ['Test', 'TST', 1_000_000n],
    })
    const deployHash = await send({ data: hexToBytes(deployData) })
    const deployReceipt = (await call('eth_getTransactionReceipt', [deployHash])) as Record<string, unknown>
    expect(deployReceipt.status).toBe('0x1')
    const tokenAddress = deployReceipt.contractAddress as Address
    expect(await call('eth_getCode', [tokenAddress, 'latest'])).toBe(token.deployedBytecode)

    const transfer = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 250n] })
    const transferHash = await send({ to: tokenAddress, data: hexToBytes(transfer) })
    const receipt = (await call('eth_getTransactionReceipt', [transferHash])) as {
      status: string
      logs: unknown[]
    }
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(1)

    const balanceOf = encodeFunctionData({ abi: token.abi, functionName: 'balanceOf', args: [bob] })
    const raw = await call('eth_call', [{ to: tokenAddress, data: balanceOf }, 'latest'])
    expect(decodeFunctionResult({ abi: token.abi, functionName: 'balanceOf', data: raw })).toBe(250n)

    const logs = (await call('eth_getLogs', [
      { address: tokenAddress, fromBlock: '0x0', toBlock: 'latest' },
    ])) as unknown[]
    expect(logs.length).toBeGreaterThanOrEqual(1)

    // A custom error: RSKj's generic text, the error bytes in data for the client to decode.
    const tooMuch = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 10n ** 30n] })
    const custom = await rpc('eth_call', [{ from: bob, to: tokenAddress, data: tooMuch }, 'latest'])
    expect(custom.error?.code).toBe(-32015)
    expect(custom.error?.message).toBe('VM Exception while processing transaction: transaction reverted')
    expect(String(custom.error?.data).slice(0, 10)).toBe(
      toFunctionSelector('InsufficientBalance(address,uint256,uint256)'),
    )
    // A require message: the reason is in the message.
    const toZero = encodeFunctionData({
      abi: token.abi,
      functionName: 'transfer',
      args: ['0x0000000000000000000000000000000000000000', 1n],
    })
    const reverted = await rpc('eth_call', [{ from: bob, to: tokenAddress, data: toZero }, 'latest'])
    expect(reverted.error).toEqual({
      code: -32015,
      message: 'VM Exception while processing transaction: revert ERC20: transfer to the zero address',
      data: expect.stringMatching(/^0x08c379a0/),
    })
  })
})
