import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { Engine } from './engine.js'

type Node = Awaited<ReturnType<typeof createNode>>
/** The result of one JSON-RPC call; an error answer fails the test with its message. */
async function call(node: Node, method: string, params: unknown[] = []): Promise<unknown> {
  const answer = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
    result?: unknown
    error?: { message: string }
  }
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}

// Above block 449 every block carries fork detection data built from ~450 blocks of ancestors.
// After a restart none of them is cached: reading them from storage must not evict, from the
// reader's bounded caches, an ancestor that was cached a moment before.
describe('fork detection data after a restart', () => {
  it('mines on a reopened chain above block 449, alone and with concurrent requests', async () => {
    const storage = createMemoryStore()
    const clock = createManualClock(1_700_000_000_000)
    const first = await createNode({ network: 'regtest', storage, clock })
    await (first.engine as Engine).mineBlocks(520)
    const expected = await call(first, 'eth_getBlockByNumber', ['0x208', false])
    // A second node over the same store sees only what was stored (closing would close the store).

    const reopened = await createNode({ network: 'regtest', storage, clock })
    // The engine's own API, unlike requests, does not wait for the state it opens after the head.
    await (reopened.engine as Engine).stateReady
    const mined = await (reopened.engine as Engine).mineBlocks(3)
    expect(mined.map((b) => b.header.number)).toEqual([521n, 522n, 523n])

    // Eight requests at once, each mining a block and reading old ones, as a dApp does.
    const again = await createNode({ network: 'regtest', storage, clock })
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? call(again, 'evm_mine')
          : call(again, 'eth_getBlockByNumber', [`0x${(100 + i).toString(16)}`, false]),
      ),
    )
    // evm_mine answers null (errors would have thrown); the old blocks are all there.
    expect(results.filter((_, i) => i % 2 === 1).every((block) => block !== null)).toBe(true)
    expect(await call(again, 'eth_blockNumber')).toBe(`0x${(523 + 4).toString(16)}`)
    expect(await call(again, 'eth_getBlockByNumber', ['0x208', false])).toEqual(expected)
  })
})
