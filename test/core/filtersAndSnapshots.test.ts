import { encodeFunctionData } from 'viem'
import { describe, expect, test } from 'vitest'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import { getArtifact } from '../fixtures/contracts/index.js'
import { createTestChain } from './testChain.js'

const emitter = getArtifact('EventEmitter')

async function withEmitter() {
  const chain = await createTestChain('regtest')
  const hash = await chain.send({ data: hexToBytes(emitter.bytecode) })
  const receipt = (await chain.call('eth_getTransactionReceipt', [hash])) as { contractAddress: Address }
  const emit = (id: bigint) =>
    chain.send({
      to: receipt.contractAddress,
      data: hexToBytes(encodeFunctionData({ abi: emitter.abi, functionName: 'emitCounted', args: [id] })),
    })
  return { ...chain, address: receipt.contractAddress, emit }
}

describe('filters', () => {
  test('a log filter reports each new log once, then nothing', async () => {
    const { call, address, emit } = await withEmitter()
    await emit(1n)
    const id = await call('eth_newFilter', [{ address }])
    expect(await call('eth_getFilterChanges', [id])).toEqual([])
    await emit(2n)
    await emit(3n)
    const changes = (await call('eth_getFilterChanges', [id])) as Array<{
      topics: string[]
      blockNumber: string
    }>
    expect(changes.map((l) => BigInt(l.topics[1]!))).toEqual([2n, 3n])
    expect(await call('eth_getFilterChanges', [id])).toEqual([])
    // getFilterLogs sees everything the filter matches, including the log from before it existed.
    expect(((await call('eth_getFilterLogs', [id])) as unknown[]).length).toBe(1)
  })

  test('every log of eth_getLogs, eth_getFilterLogs and eth_getFilterChanges says removed: false; receipts do not', async () => {
    const { call, address, emit } = await withEmitter()
    const id = await call('eth_newFilter', [{ address }])
    const tx = await emit(1n)
    const results = {
      getLogs: (await call('eth_getLogs', [{ address, fromBlock: '0x0' }])) as Array<Record<string, unknown>>,
      getFilterLogs: (await call('eth_getFilterLogs', [id])) as Array<Record<string, unknown>>,
      getFilterChanges: (await call('eth_getFilterChanges', [id])) as Array<Record<string, unknown>>,
    }
    for (const [method, logs] of Object.entries(results)) {
      expect(logs, method).toHaveLength(1)
      expect(Object.keys(logs[0]!)[0], method).toBe('removed')
      expect(logs[0]!.removed, method).toBe(false)
    }
    const receipt = (await call('eth_getTransactionReceipt', [tx])) as { logs: object[] }
    expect(receipt.logs[0]).not.toHaveProperty('removed')
  })

  test('block and pending-transaction filters report hashes', async () => {
    const { call, emit } = await withEmitter()
    const blocks = await call('eth_newBlockFilter')
    const pending = await call('eth_newPendingTransactionFilter')
    const tx = await emit(7n)
    const head = (await call('eth_getBlockByNumber', ['latest', false])) as { hash: string }
    expect(await call('eth_getFilterChanges', [blocks])).toEqual([head.hash])
    expect(await call('eth_getFilterChanges', [pending])).toEqual([tx])
  })

  test('unknown and uninstalled ids are "filter not found"; uninstall answers true then false', async () => {
    const { call, rpc } = await withEmitter()
    const id = await call('eth_newBlockFilter')
    expect(await call('eth_uninstallFilter', [id])).toBe(true)
    expect(await call('eth_uninstallFilter', [id])).toBe(false)
    expect((await rpc('eth_getFilterChanges', [id])).error).toEqual({
      code: -32000,
      message: 'filter not found',
    })
  })
})

describe('snapshots', () => {
  test('reverting removes later blocks, restores balances and reports removed logs to filters', async () => {
    const { call, address, emit } = await withEmitter()
    const filter = await call('eth_newFilter', [{ address }])
    const snapshot = await call('evm_snapshot')
    expect(snapshot).toBe('0x1')
    const headBefore = await call('eth_blockNumber')
    await emit(10n)
    const seen = (await call('eth_getFilterChanges', [filter])) as Array<{ blockHash: string }>
    expect(seen).toHaveLength(1)
    expect(await call('evm_revert', [snapshot])).toBe(true)
    expect(await call('eth_blockNumber')).toBe(headBefore)
    const removed = (await call('eth_getFilterChanges', [filter])) as Array<{
      removed: boolean
      blockHash: string
    }>
    expect(removed).toHaveLength(1)
    expect(removed[0]).toMatchObject({ removed: true, blockHash: seen[0]!.blockHash })
    // The reverted snapshot is gone (Ganache/Anvil semantics).
    expect(await call('evm_revert', [snapshot])).toBe(false)
  })

  test('reset starts a new chain with a different genesis hash', async () => {
    const { call, emit } = await withEmitter()
    await emit(1n)
    const genesis = ((await call('eth_getBlockByNumber', ['0x0', false])) as { hash: string }).hash
    expect(await call('evm_reset')).toBeNull()
    expect(await call('eth_blockNumber')).toBe('0x0')
    const newGenesis = ((await call('eth_getBlockByNumber', ['0x0', false])) as { hash: string }).hash
    expect(newGenesis).not.toBe(genesis)
  })
})

describe('node events', () => {
  test('block, pendingTransaction, removedBlocks and reset reach node listeners as JSON-safe summaries', async () => {
    const { node, call, emit } = await withEmitter()
    const events: Array<[string, unknown]> = []
    node.on('block', (e) => events.push(['block', e]))
    node.on('pendingTransaction', (e) => events.push(['pendingTransaction', e]))
    node.on('removedBlocks', (e) => events.push(['removedBlocks', e]))
    node.on('reset', (e) => events.push(['reset', e]))
    const snapshot = await call('evm_snapshot')
    const tx = await emit(1n)
    const head = (await call('eth_getBlockByNumber', ['latest', false])) as { number: string; hash: string }
    await call('evm_revert', [snapshot])
    await call('evm_reset')
    expect(events).toEqual([
      ['pendingTransaction', { hash: tx }],
      ['block', { number: head.number, hash: head.hash, transactions: 2 }],
      ['removedBlocks', { numbers: [head.number] }],
      ['reset', null],
    ])
  })
})
