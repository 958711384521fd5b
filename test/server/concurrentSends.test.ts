/**
 * Concurrent `eth_sendTransaction` from one sender over HTTP, on the real node (rskj profile,
 * LevelDB): the same check as test/core/concurrentSends.test.ts, every request its own POST.
 * `CONCURRENT_SEND_ROUNDS=100` (npm run test:concurrency) runs 100 rounds of each.
 */
import { afterEach, describe, test } from 'vitest'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { type Call, concurrentSendRound, ROUND_TIMEOUT_MS, ROUNDS } from '../core/concurrentSends.js'
import { rpc, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

describe.each([true, false])('50 concurrent sends per sender over HTTP, automine %s', (automine) => {
  test(
    `${ROUNDS} rounds: all 50 sends per sender pooled or mined with consecutive nonces`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        await harness?.stop()
        harness = await startTestServer({ nodeFactory: coreNodeFactory('rskj'), openChainsAtStart: false })
        const url = harness.url('regtest')
        const call: Call = async (method, params = []) => (await rpc(url, method, params)).json
        await concurrentSendRound(call, { automine })
      }
    },
    ROUND_TIMEOUT_MS * ROUNDS,
  )
})
