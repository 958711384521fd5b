/**
 * `node.restoreSubscription`: a host that restarted (the extension's worker) makes its clients'
 * subscriptions again under the ids they know, and what was mined meanwhile arrives first, in
 * order, with no gap and no repeat.
 */
import { describe, expect, test } from 'vitest'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../../src/core/storage/types.js'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { EMITTER_INIT_CODE } from '../../fixtures/contracts/emitter.js'
import { createDevChain } from './devChain.js'

type Notification = { type: string; data: { subscription: string; result: Record<string, string> } }

/** One chain in one store, opened twice: before and after a "restart". */
function sharedStore(): KeyValueStore {
  const memory = createMemoryStore()
  return { ...memory, close: async () => {} } as KeyValueStore
}

const numbersOf = (messages: unknown[], key: 'number' | 'blockNumber') =>
  (messages as Notification[]).map((m) => Number(m.data.result[key]))

describe('restoreSubscription', () => {
  test('newHeads: the heads mined while the host was away come first, then live ones, under the same id', async () => {
    const storage = sharedStore()
    const before = await createDevChain({ storage })
    const id = await before.call<string>('eth_subscribe', ['newHeads'])
    await before.call('anvil_mine', [2])
    expect(numbersOf(before.messages, 'number')).toEqual([1, 2])
    await before.node.close()

    const after = await createDevChain({ storage })
    await after.call('anvil_mine', [3]) // mined before the client came back: nobody was subscribed
    await after.node.restoreSubscription(id, ['newHeads'], { number: 2n })
    await after.call('evm_mine')
    expect(after.messages.every((m) => (m as Notification).data.subscription === id)).toBe(true)
    expect(numbersOf(after.messages, 'number')).toEqual([3, 4, 5, 6])
    expect(await after.call('eth_unsubscribe', [id])).toBe(true)
  })

  test('logs: a cursor inside a block gets that block’s later logs, then the next blocks’', async () => {
    const storage = sharedStore()
    const before = await createDevChain({ storage })
    await before.send({ data: hexToBytes(EMITTER_INIT_CODE) })
    const address = (
      await before.call<{ contractAddress: string }>('eth_getTransactionReceipt', [
        await before.send({ data: hexToBytes(EMITTER_INIT_CODE) }),
      ])
    ).contractAddress
    await before.call('anvil_setAutomine', [false])
    const id = await before.call<string>('eth_subscribe', ['logs', { address }])
    await before.send({ to: address as `0x${string}` })
    await before.send({ to: address as `0x${string}` })
    await before.call('evm_mine') // block 3: two logs
    const [first] = before.messages as Notification[]
    expect(before.messages).toHaveLength(2)
    await before.node.close()

    const after = await createDevChain({ storage })
    await after.node.restoreSubscription(id, ['logs', { address }], {
      number: BigInt(first!.data.result.blockNumber!),
      logIndex: Number(first!.data.result.logIndex),
    })
    const replayed = after.messages as Notification[]
    expect(replayed.map((m) => [Number(m.data.result.blockNumber), Number(m.data.result.logIndex)])).toEqual([
      [3, 1],
    ])
    expect(replayed[0]!.data.result.transactionHash).toBe(
      (before.messages[1] as Notification).data.result.transactionHash,
    )
  })

  test('an id in use, bad parameters and too long an absence are refused with errors that say so', async () => {
    const chain = await createDevChain()
    const id = await chain.call<string>('eth_subscribe', ['newHeads'])
    await expect(chain.node.restoreSubscription(id, ['newHeads'])).rejects.toMatchObject({
      code: -32602,
      message: `subscription ${id} already exists`,
    })
    await expect(chain.node.restoreSubscription(`0x${'1'.repeat(32)}`, ['nope'])).rejects.toMatchObject({
      code: -32602,
    })
    await chain.call('anvil_mine', [1001])
    await expect(
      chain.node.restoreSubscription(`0x${'2'.repeat(32)}`, ['newHeads'], { number: 0n }),
    ).rejects.toMatchObject({ code: -32011, message: expect.stringContaining('1001 blocks were missed') })
  })
})
