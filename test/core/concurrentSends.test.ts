/**
 * Concurrent `eth_sendTransaction` from one sender, in process: nonces are assigned and the
 * transaction pooled atomically (Engine.submitWithNonce). Before, three sends at once from one
 * node account could be answered with a hash for a transaction that was replaced (manual
 * mining) or refused with "nonce too low" (automine). `CONCURRENT_SEND_ROUNDS=100` (npm run
 * test:concurrency) runs 100 rounds of each.
 */
import { describe, test } from 'vitest'
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { type Call, concurrentSendRound, ROUND_TIMEOUT_MS, ROUNDS } from './concurrentSends.js'

async function freshChain(): Promise<Call> {
  const node = await createNode({ network: 'regtest', storage: createMemoryStore(), profile: 'rskj' })
  let id = 0
  return async (method, params = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as Awaited<ReturnType<Call>>
}

describe.each([true, false])('50 concurrent sends per sender in process, automine %s', (automine) => {
  test(
    `${ROUNDS} rounds: all 50 sends per sender pooled or mined with consecutive nonces`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) await concurrentSendRound(await freshChain(), { automine })
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  )
})
