/**
 * A trace that read its block before a reset (or a revert) replaced the chain below it found the
 * parent gone or different: -32000 saying so, not a bug's -32603 (found by the HTTP fuzzer, with
 * traces and resets running concurrently).
 */
import { expect, test } from 'vitest'
import { replayBlock } from '../../../src/core/node/traces/replay.js'
import { createDevChain } from '../dev/devChain.js'

test('replaying a block whose parent was replaced is -32000 "no longer on the chain"', async () => {
  const chain = await createDevChain()
  await chain.send({ to: `0x${'ab'.repeat(20)}`, value: 1n })
  await chain.send({ to: `0x${'ab'.repeat(20)}`, value: 2n })
  const old = await chain.node.engine.reader.blockByNumber(2n)
  expect(old).toBeDefined()
  await chain.call('evm_reset')
  await chain.call('evm_increaseTime', ['0x10'])
  await chain.call('anvil_mine', ['0x3'])
  const replay = replayBlock({ engine: chain.node.engine, block: old!, createTracer: () => undefined })
  await expect(replay).rejects.toMatchObject({
    code: -32000,
    message: expect.stringContaining('no longer on the chain'),
  })
})
