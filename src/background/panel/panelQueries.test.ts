import { describe, expect, it } from 'vitest'
import { createTestChain } from '../../../test/core/testChain.js'
import { createNode } from '../../core/node/createNode.js'
import { createMemoryStore } from '../../core/storage/memoryStore.js'
import { nodeSettingsOf, type PanelEngineView, summarizeFilters } from './panelQueries.js'

describe('summarizeFilters', () => {
  it('lists installed filters with criteria, expiry and the blocks waiting to be reported', async () => {
    const { node, call } = await createTestChain()
    const engine = node.engine as unknown as PanelEngineView
    const blockFilter: string = await call('eth_newBlockFilter')
    const logFilter: string = await call('eth_newFilter', [
      { fromBlock: '0x0', address: '0x0000000000000000000000000000000001000008' },
    ])
    await call('evm_mine')
    await call('evm_mine')
    const summaries = summarizeFilters(engine)
    const block = summaries.find((f) => f.id === blockFilter)!
    const log = summaries.find((f) => f.id === logFilter)!
    expect(block).toMatchObject({ kind: 'block', waiting: 2, criteria: undefined })
    expect(block.expiresAt - block.lastPollAt).toBe(5 * 60 * 1000)
    expect(log.kind).toBe('log')
    expect(JSON.stringify(log.criteria)).toContain('0000000000000000000000000000000001000008')
    await call('eth_getFilterChanges', [blockFilter])
    expect(summarizeFilters(engine).find((f) => f.id === blockFilter)!.waiting).toBe(0)
    await call('eth_uninstallFilter', [blockFilter])
    expect(summarizeFilters(engine).map((f) => f.id)).toEqual([logFilter])
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
