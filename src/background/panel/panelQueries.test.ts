import { encodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestChain } from '../../../test/core/testChain.js'
import { getArtifact } from '../../../test/fixtures/contracts/index.js'
import { createNode } from '../../core/createNode.js'
import { createMemoryStore } from '../../core/storage/memoryStore.js'
import { type Address, hexToBytes } from '../../core/util/hex.js'
import { nodeSettingsOf, type PanelEngineView, summarizeFilters } from './panelQueries.js'

const emitter = getArtifact('EventEmitter')

describe('summarizeFilters', () => {
  it('lists installed filters with criteria, expiry and the block hashes waiting to be reported', async () => {
    const { node, call } = await createTestChain()
    const engine = node.engine as unknown as PanelEngineView
    const blockFilter: string = await call('eth_newBlockFilter')
    const logFilter: string = await call('eth_newFilter', [
      { fromBlock: '0x0', address: '0x0000000000000000000000000000000001000008' },
    ])
    await call('evm_mine')
    await call('evm_mine')
    const summaries = await summarizeFilters(engine)
    const block = summaries.find((f) => f.id === blockFilter)!
    const log = summaries.find((f) => f.id === logFilter)!
    expect(block).toMatchObject({ kind: 'block', waiting: 2, criteria: undefined })
    expect(block.expiresAt - block.lastPollAt).toBe(5 * 60 * 1000)
    expect(log.kind).toBe('log')
    expect(JSON.stringify(log.criteria)).toContain('0000000000000000000000000000000001000008')
    await call('eth_getFilterChanges', [blockFilter])
    expect((await summarizeFilters(engine)).find((f) => f.id === blockFilter)!.waiting).toBe(0)
    await call('eth_uninstallFilter', [blockFilter])
    expect((await summarizeFilters(engine)).map((f) => f.id)).toEqual([logFilter])
  })

  it('counts the logs a poll would return, not the blocks since the last poll, and does not poll', async () => {
    const { node, call, send } = await createTestChain()
    const engine = node.engine as unknown as PanelEngineView
    const deploy = await send({ data: hexToBytes(emitter.bytecode) })
    const { contractAddress } = (await call('eth_getTransactionReceipt', [deploy])) as {
      contractAddress: Address
    }
    const logFilter: string = await call('eth_newFilter', [{ address: contractAddress }])
    const pendingFilter: string = await call('eth_newPendingTransactionFilter')
    const data = hexToBytes(encodeFunctionData({ abi: emitter.abi, functionName: 'emitCounted', args: [1n] }))
    await send({ to: contractAddress, data })
    await call('evm_mine')
    await call('evm_mine')
    const waiting = async (id: string) => (await summarizeFilters(engine)).find((f) => f.id === id)!.waiting
    // One log in three blocks: a poll returns one entry.
    expect(await waiting(logFilter)).toBe(1)
    expect(await waiting(pendingFilter)).toBe(1)
    // Counting is not polling: the log is still reported, once.
    expect(await call('eth_getFilterChanges', [logFilter])).toHaveLength(1)
    expect(await waiting(logFilter)).toBe(0)
  })
})

describe('nodeSettingsOf', () => {
  it('says when the node leaves REMASC out of its blocks, and only then', async () => {
    const plain = await createNode({ network: 'regtest', storage: createMemoryStore() })
    expect(nodeSettingsOf('regtest', 'rskj', plain.engine)).toEqual({
      network: 'regtest',
      profile: 'rskj',
      mining: { type: 'auto' },
    })
    const omitted = await createNode({
      network: 'regtest',
      storage: createMemoryStore(),
      omitRemascTransaction: true,
    })
    expect(nodeSettingsOf('regtest', 'rskj', omitted.engine).remascOmitted).toBe(true)
  })
})
