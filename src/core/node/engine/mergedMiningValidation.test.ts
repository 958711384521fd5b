import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import { executeBlock, sealBlock, sealWithMergedMiningFields, unsealedHeader } from './blockBuilder.js'
import { InvalidMergedMiningError, validateMergedMining } from './mergedMiningValidation.js'

async function nextBlock() {
  const node = await createNode({
    network: 'regtest',
    storage: createMemoryStore(),
    clock: createManualClock(),
  })
  const params = await node.engine.nextBlockParameters(false)
  const executed = executeBlock(params)
  return { params, executed, stateRoot: node.engine.head.header.stateRoot }
}

describe('the one merged-mining validation', () => {
  it('passes the built-in miner blocks', async () => {
    const { params, executed, stateRoot } = await nextBlock()
    const { block } = sealBlock(params, executed, stateRoot)
    expect(validateMergedMining(block.header, block.hashForMergedMining).valid).toBe(true)
  })

  it('refuses fields mined for another block before anything is sealed', async () => {
    const { params, executed, stateRoot } = await nextBlock()
    const mined = sealBlock(params, executed, stateRoot).block.header
    // Same block with another state root: a different hashForMergedMining, so the tag no longer matches.
    const other = unsealedHeader(params, executed, new Uint8Array(32).fill(7))
    expect(() => sealWithMergedMiningFields(params, executed, other, mined)).toThrow(InvalidMergedMiningError)
  })
})
